"""Writes one MPJ program per snippet of snippets.py into OUT (default java-probes-gen).

Usage: python3 tests/java-probes/generate.py [OUT]; then ./rendezvous check OUT --np 2 --info

Each snippet is first compiled and run as plain Java (the JDK at $JAVA_HOME, else Temurin 25) to get its tag; the
MPJ program then has rank 0 compute the tag from the same code and send with it, and rank 1 receive with the JDK's
tag. An error finding on a program is a value Rendezvous computes differently from Java; an analysis-assumption
finding ("the tag of this call could not be computed") is a value it leaves unknown.
"""
import os
import re
import subprocess
import sys
import tempfile

here = os.path.dirname(os.path.abspath(__file__))
exec(open(os.path.join(here, 'snippets.py')).read())
out = sys.argv[1] if len(sys.argv) > 1 else 'java-probes-gen'
java_home = os.environ.get('JAVA_HOME', '/usr/lib/jvm/temurin-25-jdk-amd64')
javac, java = os.path.join(java_home, 'bin', 'javac'), os.path.join(java_home, 'bin', 'java')
os.makedirs(out, exist_ok=True)
with tempfile.TemporaryDirectory() as work:
    sources = []
    for name, helpers, body in S:
        path = os.path.join(work, f'J_{name}.java')
        with open(path, 'w') as f:
            f.write(f'public class J_{name} {{\n    {helpers}\n    public static void main(String[] args) throws Exception {{\n'
                    f'        {body}\n        System.out.println("T=" + Math.floorMod(tag, 1000));\n    }}\n}}\n')
        sources.append(path)
    subprocess.run([javac, '-d', work] + sources, check=True)
    written = 0
    for name, helpers, body in S:
        run = subprocess.run([java, '-cp', work, f'J_{name}'], capture_output=True, text=True, timeout=60)
        m = re.search(r'T=(\d+)', run.stdout)
        if not m:
            print(f'{name}: no tag from the JDK ({run.stderr.strip()[:200]})')
            continue
        with open(os.path.join(out, f'P_{name}.java'), 'w') as f:
            f.write(f'''import mpi.*;

public class P_{name} {{
    {helpers}
    public static void main(String[] args) throws Exception {{
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int[] buf = new int[1];
        if (rank == 0) {{
            {body}
            MPI.COMM_WORLD.Send(buf, 0, 1, MPI.INT, 1, Math.floorMod(tag, 1000));
        }} else if (rank == 1) {{
            MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.INT, 0, {m.group(1)});
        }}
        MPI.Finalize();
    }}
}}
''')
        written += 1
print(f'{written} programs in {out}')
