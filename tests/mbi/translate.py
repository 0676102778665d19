#!/usr/bin/env python3
"""Translates the C programs the MPI Bugs Initiative (MBI) generators write into MPJ Express programs.

The generated C is a narrow dialect: one main function, int/pointer/array declarations, if/else and
for, and MPI calls whose arguments are names, literals and small expressions. This translator reads
that dialect statement by statement. A program using something MPJ Express cannot express
(non-blocking collectives, one-sided communication, Exscan, user-defined operators, Cartesian
topologies built from C int arrays) or a construct the translator does not know is reported as
skipped with the reason, never translated approximately.

Memory model: a scalar whose address is passed as a message buffer becomes an array (every other use
reads element 0); pointers from malloc and C arrays become Java arrays of BUF elements or of their
declared size. MBI's C passes a single int with a count of buff_size (128); the Java arrays are made
large enough for such counts, so no program gets an overflow the C original does not report.

Usage: translate.py <folder of .c files> <output folder>; writes <Name>.java files and labels.tsv
(file, np, expected outcome, MBI class, skipped reason).
"""
import os
import re
import sys

BUF = 4096  # elements of a translated malloc'd buffer (MBI uses counts up to 128 per rank, a few ranks)

UNSUPPORTED = {
    'MPI_Ibarrier', 'MPI_Ibcast', 'MPI_Ireduce', 'MPI_Igather', 'MPI_Iscatter', 'MPI_Iscan', 'MPI_Iexscan',
    'MPI_Iallgather', 'MPI_Iallreduce', 'MPI_Iallgatherv', 'MPI_Ialltoall', 'MPI_Ialltoallv', 'MPI_Exscan',
    'MPI_Win_create', 'MPI_Win_free', 'MPI_Win_fence', 'MPI_Win_lock', 'MPI_Win_unlock', 'MPI_Win_lock_all',
    'MPI_Win_unlock_all', 'MPI_Get', 'MPI_Put', 'MPI_Op_create', 'MPI_Op_free', 'MPI_Cart_create', 'MPI_Cart_get',
    'MPI_Comm_spawn', 'MPI_Intercomm_create', 'MPI_Accumulate',
}

CONSTANTS = {
    'MPI_COMM_WORLD': 'MPI.COMM_WORLD', 'MPI_COMM_SELF': 'MPI.COMM_SELF', 'MPI_COMM_NULL': 'null',
    'MPI_INT': 'MPI.INT', 'MPI_FLOAT': 'MPI.FLOAT', 'MPI_DOUBLE': 'MPI.DOUBLE', 'MPI_CHAR': 'MPI.CHAR',
    'MPI_LONG': 'MPI.LONG', 'MPI_SHORT': 'MPI.SHORT', 'MPI_BYTE': 'MPI.BYTE', 'MPI_DATATYPE_NULL': 'null',
    'MPI_SUM': 'MPI.SUM', 'MPI_MAX': 'MPI.MAX', 'MPI_MIN': 'MPI.MIN', 'MPI_PROD': 'MPI.PROD', 'MPI_LAND': 'MPI.LAND',
    'MPI_LOR': 'MPI.LOR', 'MPI_BAND': 'MPI.BAND', 'MPI_BOR': 'MPI.BOR', 'MPI_OP_NULL': 'null',
    'MPI_ANY_SOURCE': 'MPI.ANY_SOURCE', 'MPI_ANY_TAG': 'MPI.ANY_TAG', 'MPI_PROC_NULL': 'MPI.PROC_NULL',
    'MPI_REQUEST_NULL': 'null', 'MPI_STATUS_IGNORE': 'null', 'MPI_STATUSES_IGNORE': 'null', 'MPI_GROUP_NULL': 'null',
    'MPI_TAG_UB': 'MPI.TAG_UB', 'MPI_BSEND_OVERHEAD': 'MPI.BSEND_OVERHEAD', 'MPI_UNDEFINED': 'MPI.UNDEFINED',
    'NULL': 'null',
}

JAVA_TYPES = {'int': 'int', 'float': 'float', 'double': 'double', 'char': 'char', 'long': 'long', 'short': 'short'}
MPI_TYPES = {'MPI_Comm': 'Intracomm', 'MPI_Datatype': 'Datatype', 'MPI_Op': 'Op', 'MPI_Request': 'Request',
             'MPI_Status': 'Status', 'MPI_Group': 'Group'}


class Skip(Exception):
    pass


def split_args(s):
    out, depth, cur = [], 0, ''
    for ch in s:
        if ch in '([{':
            depth += 1
        elif ch in ')]}':
            depth -= 1
        if ch == ',' and depth == 0:
            out.append(cur.strip())
            cur = ''
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def statements(body):
    """Splits C code into statements and braces: ';'-terminated text, '{', '}', and 'if/for/else' headers."""
    body = re.sub(r'/\*.*?\*/', '', body, flags=re.S)
    body = re.sub(r'//[^\n]*', '', body)
    out, cur, depth, i = [], '', 0, 0
    while i < len(body):
        ch = body[i]
        if ch == '"':
            j = i + 1
            while j < len(body) and body[j] != '"':
                j += 2 if body[j] == '\\' else 1
            cur += body[i:j + 1]
            i = j + 1
            continue
        if ch == '(':
            depth += 1
        elif ch == ')':
            depth -= 1
            if depth == 0 and re.match(r'^\s*(if|for|while|else\s+if)\s*\(', cur + ch):
                out.append((cur + ch).strip())
                cur = ''
                i += 1
                continue
        if depth == 0 and ch in '{};':
            if ch == ';':
                out.append(cur.strip() + ';')
            else:
                if cur.strip():
                    out.append(cur.strip())
                out.append(ch)
            cur = ''
        else:
            cur += ch
            if depth == 0 and re.fullmatch(r'\s*else', cur) and i + 1 < len(body) and not body[i + 1].isalnum():
                out.append('else')
                cur = ''
        i += 1
    if cur.strip():
        out.append(cur.strip())
    return [s for s in out if s not in (';', '')]


class Translator:
    def __init__(self, c_main):
        self.stmts = statements(c_main)
        self.arrays = set()      # C arrays and pointers: already Java arrays
        self.boxed = set()       # scalars passed by address as buffers: int[1+] holding the value at [0]
        self.kinds = {}          # variable -> C type
        self.persistent = set()  # requests made by Send_init/Recv_init
        self.find_boxed()

    BUFFER_POS = {  # positions of buffer arguments per call
        'MPI_Send': [0], 'MPI_Ssend': [0], 'MPI_Bsend': [0], 'MPI_Rsend': [0], 'MPI_Isend': [0], 'MPI_Issend': [0],
        'MPI_Recv': [0], 'MPI_Irecv': [0], 'MPI_Send_init': [0], 'MPI_Recv_init': [0], 'MPI_Bcast': [0],
        'MPI_Reduce': [0, 1], 'MPI_Allreduce': [0, 1], 'MPI_Scan': [0, 1], 'MPI_Gather': [0, 3], 'MPI_Scatter': [0, 3],
        'MPI_Allgather': [0, 3], 'MPI_Alltoall': [0, 3], 'MPI_Allgatherv': [0, 3], 'MPI_Alltoallv': [0, 4],
        'MPI_Sendrecv': [0, 5], 'MPI_Sendrecv_replace': [0],
    }

    def find_boxed(self):
        for s in self.stmts:
            for m in re.finditer(r'\b(MPI_\w+)\s*\((.*)\)', s):
                name, args = m.group(1), split_args(m.group(2))
                if name.endswith('_init') and len(args) == 7:
                    mm = re.fullmatch(r'&\s*(\w+)', args[6].strip())
                    if mm:
                        self.persistent.add(mm.group(1))
                for p in self.BUFFER_POS.get(name, []):
                    if p < len(args):
                        a = args[p].strip()
                        mm = re.fullmatch(r'&\s*(\w+)', a)
                        if mm:
                            self.boxed.add(mm.group(1))

    # ------------------------------------------------------------------ expressions

    def expr(self, e):
        e = e.strip()
        e = re.sub(r'\(\s*(int|char|float|double|long)\s*\*\s*\)', '', e)  # pointer casts
        e = re.sub(r'sizeof\s*\(\s*(int|float)\s*\)', '4', e)
        e = re.sub(r'sizeof\s*\(\s*(double|long)\s*\)', '8', e)
        e = re.sub(r'sizeof\s*\(\s*(char)\s*\)', '1', e)
        if 'sizeof' in e or '->' in e:
            raise Skip('sizeof/pointer expression: ' + e)

        def name(m):
            w = m.group(0)
            if w in CONSTANTS:
                return CONSTANTS[w]
            if w.startswith('MPI_'):
                raise Skip('constant ' + w)
            if w in self.boxed:
                return w + '[0]'
            return w
        e = re.sub(r'(?<![\w.])[A-Za-z_]\w*(?!\s*\()', name, e)
        e = re.sub(r'&\s*(\w+)\[0\]', r'\1', e)
        if '&' in e.replace('&&', ''):
            raise Skip('address-of in expression: ' + e)
        return e

    def buf(self, a):
        a = a.strip()
        m = re.fullmatch(r'&\s*(\w+)', a)
        if m:
            return m.group(1)
        m = re.fullmatch(r'\(?\s*(?:\(\s*\w+\s*\*\s*\))?\s*(\w+)\s*\)?', a)
        if m and (m.group(1) in self.arrays or m.group(1) in self.boxed):
            return m.group(1)
        if a in ('MPI_IN_PLACE', 'MPI_BOTTOM'):
            raise Skip(a)
        if m and m.group(1) == 'NULL':
            return 'null'
        raise Skip('buffer ' + a)

    def cond(self, c):
        """A C condition as a Java boolean: integer operands of && || ! become comparisons with 0."""
        c = c.strip()
        parts = re.split(r'(\|\||&&)', c)
        out = []
        for p in parts:
            if p in ('||', '&&'):
                out.append(' ' + p + ' ')
                continue
            t = p.strip()
            neg = False
            while t.startswith('!') and not t.startswith('!='):
                neg = not neg
                t = t[1:].strip()
            inner = t
            while inner.startswith('(') and inner.endswith(')') and balanced(inner[1:-1]):
                inner = inner[1:-1].strip()
            if re.search(r'(==|!=|<=|>=|<|>)', inner) or inner in ('true', 'false'):
                j = '(' + self.expr(inner) + ')'
                out.append('!' + j if neg else j)
            elif '&&' in inner or '||' in inner:
                j = '(' + self.cond(inner) + ')'
                out.append('!' + j if neg else j)
            else:
                out.append('((' + self.expr(inner) + ') ' + ('==' if neg else '!=') + ' 0)')
        return ''.join(out)

    # ------------------------------------------------------------------ statements

    def decl(self, s):
        m = re.match(r'^(?:const\s+)?(int|float|double|char|long|short|MPI_Comm|MPI_Datatype|MPI_Op|MPI_Request|MPI_Status|MPI_Group)(\s*\*\s*|\s+)(.*);$', s)
        if not m:
            return None
        ctype, rest = m.group(1), ('*' if '*' in m.group(2) else '') + m.group(3)
        out = []
        for d in split_args(rest):
            mm = re.fullmatch(r'(\*?)\s*(\w+)\s*(\[\s*([^\]]*)\s*\])?\s*(?:=\s*(.*))?', d, flags=re.S)
            if not mm:
                raise Skip('declaration ' + d)
            ptr, name, arr, size, init = mm.group(1), mm.group(2), mm.group(3), mm.group(4), mm.group(5)
            self.kinds[name] = ctype
            if ctype in MPI_TYPES:
                jt = MPI_TYPES[ctype]
                if arr:
                    self.arrays.add(name)
                    out.append(f'{jt}[] {name} = new {jt}[{self.expr(size)}];')
                else:
                    v = self.expr(init) if init is not None else 'null'
                    if ctype == 'MPI_Comm' and v.startswith('MPI.COMM'):
                        v = v
                    out.append(f'{jt} {name} = {v};')
                continue
            jt = JAVA_TYPES[ctype]
            if ptr or arr:
                self.arrays.add(name)
                if init is not None and 'malloc' in init:
                    out.append(f'{jt}[] {name} = new {jt}[{BUF}];')
                elif init is not None and init.strip() == 'NULL':
                    out.append(f'{jt}[] {name} = null;')
                elif arr and size:
                    if init is not None:
                        vals = init.strip().strip('{}')
                        out.append(f'{jt}[] {name} = new {jt}[Math.max({self.expr(size)}, {BUF})];')
                        for k, v in enumerate(split_args(vals)):
                            out.append(f'{name}[{k}] = ({jt}) ({self.expr(v)});')
                    else:
                        out.append(f'{jt}[] {name} = new {jt}[Math.max({self.expr(size)}, {BUF})];')
                else:
                    raise Skip('declaration ' + d)
            elif name in self.boxed:
                out.append(f'{jt}[] {name} = new {jt}[{BUF}];')
                if init is not None:
                    out.append(f'{name}[0] = ({jt}) ({self.expr(init)});')
            else:
                out.append(f'{jt} {name} = ' + (f'({jt}) ({self.expr(init)})' if init is not None else '0') + ';')
        return out

    def call(self, name, args):
        a = split_args(args)
        e = self.expr
        b = self.buf

        def comm(x):
            return e(x)

        def out_var(x):
            m = re.fullmatch(r'&\s*(\w+(?:\[[^\]]+\])?)', x.strip())
            if not m:
                raise Skip('output argument ' + x)
            v = m.group(1)
            return e(v) if '[' in v else v + '[0]' if v in self.boxed else v

        if name in UNSUPPORTED:
            raise Skip('MPJ has no ' + name)
        if name == 'MPI_Init':
            return 'MPI.Init(args);'
        if name == 'MPI_Finalize':
            return 'MPI.Finalize();'
        if name == 'MPI_Comm_size':
            return f'{out_var(a[1])} = {comm(a[0])}.Size();'
        if name == 'MPI_Comm_rank':
            return f'{out_var(a[1])} = {comm(a[0])}.Rank();'
        if name in ('MPI_Send', 'MPI_Ssend', 'MPI_Bsend', 'MPI_Rsend'):
            return f'{comm(a[5])}.{name[4:]}({b(a[0])}, 0, {e(a[1])}, {e(a[2])}, {e(a[3])}, {e(a[4])});'
        if name in ('MPI_Isend', 'MPI_Issend', 'MPI_Ibsend', 'MPI_Irsend', 'MPI_Irecv', 'MPI_Send_init', 'MPI_Recv_init',
                    'MPI_Ssend_init', 'MPI_Bsend_init', 'MPI_Rsend_init'):
            return f'{out_var(a[6])} = {comm(a[5])}.{name[4:]}({b(a[0])}, 0, {e(a[1])}, {e(a[2])}, {e(a[3])}, {e(a[4])});'
        if name == 'MPI_Recv':
            st = '' if a[6].strip() in ('MPI_STATUS_IGNORE', 'NULL') else f'{out_var(a[6])} = '
            return f'{st}{comm(a[5])}.Recv({b(a[0])}, 0, {e(a[1])}, {e(a[2])}, {e(a[3])}, {e(a[4])});'
        if name == 'MPI_Sendrecv':
            st = '' if a[11].strip() in ('MPI_STATUS_IGNORE', 'NULL') else f'{out_var(a[11])} = '
            return (f'{st}{comm(a[10])}.Sendrecv({b(a[0])}, 0, {e(a[1])}, {e(a[2])}, {e(a[3])}, {e(a[4])}, '
                    f'{b(a[5])}, 0, {e(a[6])}, {e(a[7])}, {e(a[8])}, {e(a[9])});')
        if name == 'MPI_Probe':
            st = '' if a[3].strip() in ('MPI_STATUS_IGNORE', 'NULL') else f'{out_var(a[3])} = '
            return f'{st}{comm(a[2])}.Probe({e(a[0])}, {e(a[1])});'
        if name == 'MPI_Wait':
            r = out_var(a[0])
            st = '' if a[1].strip() in ('MPI_STATUS_IGNORE', 'NULL') else f'{out_var(a[1])} = '
            if r in self.persistent:  # MPI_Wait leaves a persistent request inactive, not null
                return f'if ({r} != null) {st}{r}.Wait();'
            return f'if ({r} != null) {{ {st}{r}.Wait(); {r} = null; }}'  # and sets any other to MPI_REQUEST_NULL
        if name == 'MPI_Start':
            r = out_var(a[0])
            return f'((Prequest) {r}).Start();'
        if name == 'MPI_Request_free':
            # MPJ Express has no Request.Free: the handle is dropped (an active operation still completes)
            return f'{out_var(a[0])} = null;'
        if name == 'MPI_Barrier':
            return f'{comm(a[0])}.Barrier();'
        if name == 'MPI_Bcast':
            return f'{comm(a[4])}.Bcast({b(a[0])}, 0, {e(a[1])}, {e(a[2])}, {e(a[3])});'
        if name == 'MPI_Reduce':
            return f'{comm(a[6])}.Reduce({b(a[0])}, 0, {b(a[1])}, 0, {e(a[2])}, {e(a[3])}, {e(a[4])}, {e(a[5])});'
        if name in ('MPI_Allreduce', 'MPI_Scan'):
            return f'{comm(a[5])}.{name[4:]}({b(a[0])}, 0, {b(a[1])}, 0, {e(a[2])}, {e(a[3])}, {e(a[4])});'
        if name in ('MPI_Gather', 'MPI_Scatter'):
            return (f'{comm(a[7])}.{name[4:]}({b(a[0])}, 0, {e(a[1])}, {e(a[2])}, {b(a[3])}, 0, {e(a[4])}, {e(a[5])}, '
                    f'{e(a[6])});')
        if name in ('MPI_Allgather', 'MPI_Alltoall'):
            return f'{comm(a[6])}.{name[4:]}({b(a[0])}, 0, {e(a[1])}, {e(a[2])}, {b(a[3])}, 0, {e(a[4])}, {e(a[5])});'
        if name == 'MPI_Allgatherv':
            return (f'{comm(a[7])}.Allgatherv({b(a[0])}, 0, {e(a[1])}, {e(a[2])}, {b(a[3])}, 0, {e(a[4])}, {e(a[5])}, '
                    f'{e(a[6])});')
        if name == 'MPI_Alltoallv':
            return (f'{comm(a[8])}.Alltoallv({b(a[0])}, 0, {e(a[1])}, {e(a[2])}, {e(a[3])}, {b(a[4])}, 0, {e(a[5])}, '
                    f'{e(a[6])}, {e(a[7])});')
        if name == 'MPI_Comm_split':
            return f'{out_var(a[3])} = {comm(a[0])}.Split({e(a[1])}, {e(a[2])});'
        if name == 'MPI_Comm_dup':
            return f'{out_var(a[1])} = (Intracomm) {comm(a[0])}.clone();'
        if name == 'MPI_Comm_create':
            return f'{out_var(a[2])} = {comm(a[0])}.Create({e(a[1])});'
        if name == 'MPI_Comm_group':
            return f'{out_var(a[1])} = {comm(a[0])}.Group();'
        if name == 'MPI_Group_excl':
            return f'{out_var(a[3])} = {e(a[0])}.Excl({b(a[2])});'
        if name in ('MPI_Comm_free', 'MPI_Group_free'):
            v = out_var(a[0])
            return f'if ({v} != null) {v}.Free();'
        if name == 'MPI_Type_free':  # MPJ Express has no Datatype.Free: the handle is dropped
            return f'{out_var(a[0])} = null;'
        if name == 'MPI_Type_contiguous':
            return f'{out_var(a[2])} = Datatype.Contiguous({e(a[0])}, {e(a[1])});'
        if name == 'MPI_Type_commit':
            return f'{out_var(a[0])}.Commit();'
        if name == 'MPI_Buffer_attach':
            return f'MPI.Buffer_attach(java.nio.ByteBuffer.allocateDirect({e(a[1])}));'
        if name == 'MPI_Buffer_detach':
            return 'MPI.Buffer_detach();'
        if name == 'MPI_Abort':
            return f'{comm(a[0])}.Abort({e(a[1])});'
        raise Skip('call ' + name)

    def stmt(self, s):
        if re.match(r'^(printf|fprintf|free|fflush|sleep|usleep)\s*\(', s):
            return []
        m = re.fullmatch(r'return\b.*;', s)
        if m:
            return []
        d = self.decl(s)
        if d is not None:
            return d
        m = re.fullmatch(r'(MPI_\w+)\s*\((.*)\)\s*;', s, flags=re.S)
        if m:
            return [self.call(m.group(1), m.group(2))]
        m = re.fullmatch(r'if\s*\((.*)\)\s*(MPI_\w+\s*\(.*\)\s*;)', s, flags=re.S)
        if m:  # if (x) MPI_Foo(...); on one line
            return [f'if ({self.cond(m.group(1))}) {{'] + self.stmt(m.group(2).strip()) + ['}']
        m = re.fullmatch(r'exit\s*\((.*)\)\s*;', s)
        if m:
            return [f'System.exit({self.expr(m.group(1))});']
        if re.fullmatch(r'abort\s*\(\s*\)\s*;', s):
            return ['System.exit(134);']
        parts = split_args(s[:-1])
        if len(parts) > 1 and all(re.match(r'^\w+\s*=[^=]', p) for p in parts):  # dest=1, src=1;
            return [x for p in parts for x in self.stmt(p + ';')]
        m = re.fullmatch(r'(\w+(?:\[[^\]]+\])?)\s*([+\-*/]?=)\s*(.*);', s, flags=re.S)
        if m and '==' not in m.group(2):
            lhs = m.group(1)
            lhs = self.expr(lhs)
            return [f'{lhs} {m.group(2)} {self.expr(m.group(3))};']
        m = re.fullmatch(r'(\w+)\s*(\+\+|--)\s*;', s)
        if m:
            return [self.expr(m.group(1)) + m.group(2) + ';']
        raise Skip('statement ' + s[:60])

    def translate(self):
        out, pending = [], []
        i = 0
        while i < len(self.stmts):
            s = self.stmts[i]
            if s == '{':
                out.append('{')
            elif s == '}':
                out.append('}')
            elif s == 'else':
                out.append('else')
            elif re.match(r'^(else\s+)?if\s*\(', s):
                m = re.match(r'^(else\s+)?if\s*\((.*)\)$', s, flags=re.S)
                out.append((m.group(1) or '') + f'if ({self.cond(m.group(2))})')
                if i + 1 < len(self.stmts) and self.stmts[i + 1] != '{':
                    # a single statement as body: brace it
                    out.append('{')
                    out.extend(self.stmt(self.stmts[i + 1]))
                    out.append('}')
                    i += 1
            elif re.match(r'^for\s*\(', s):
                m = re.match(r'^for\s*\((.*)\)$', s, flags=re.S)
                init, test, upd = [p.strip() for p in m.group(1).split(';')]
                mm = re.fullmatch(r'int\s+(\w+)\s*=\s*(.*)', init)
                if mm and mm.group(1) in self.kinds:  # C may redeclare a name of the enclosing scope; Java may not
                    jinit = f'{self.expr(mm.group(1))} = {self.expr(mm.group(2))}'
                else:
                    jinit = f'int {mm.group(1)} = {self.expr(mm.group(2))}' if mm else self.expr(init)
                out.append(f'for ({jinit}; {self.cond(test)}; {upd})')
                if i + 1 < len(self.stmts) and self.stmts[i + 1] != '{':
                    out.append('{')
                    out.extend(self.stmt(self.stmts[i + 1]))
                    out.append('}')
                    i += 1
            else:
                out.extend(self.stmt(s))
            i += 1
        return out


def balanced(s):
    d = 0
    for ch in s:
        d += ch == '('
        d -= ch == ')'
        if d < 0:
            return False
    return d == 0


def java_class(name):
    return 'MBI_' + re.sub(r'\W', '_', name)


def header(text):
    """The process count and the expected outcome ("OK" or "ERROR: <class>") of an MBI program's header."""
    np = int(re.search(r'mpirun -np (\d+)', text).group(1))
    return np, re.search(r'\|\s*(OK|ERROR:?\s*\w*)', text).group(1).strip()


def translate_file(path):
    text = open(path, encoding='latin-1').read()
    np, outcome = header(text)
    m = re.search(r'int main\s*\([^)]*\)\s*\{(.*)\}\s*$', text, flags=re.S)
    if not m:
        raise Skip('no main')
    for fn in re.findall(r'\b(MPI_\w+)\s*\(', m.group(1)):
        if fn in UNSUPPORTED:
            raise Skip('MPJ has no ' + fn)
    pre = text[:m.start()]
    defines = dict(re.findall(r'#define\s+(\w+)\s+(\S+)', pre))
    if re.search(r'^\s*(static\s+)?\w+[\s*]+\w+\s*\([^;]*\)\s*\{', pre, flags=re.M):
        raise Skip('helper functions')
    t = Translator(m.group(1))
    body = t.translate()
    cls = java_class(os.path.splitext(os.path.basename(path))[0])
    lines = ['import mpi.*;', '', '// Translated from the MPI Bugs Initiative by tests/mbi/translate.py; expected: ' + outcome,
             f'public class {cls} {{']
    for k, v in defines.items():
        lines.append(f'    static final int {k} = {v};')
    lines.append('    public static void main(String[] args) throws Exception {')
    depth = 2
    for l in body:
        if l == '}':
            depth -= 1
        lines.append('    ' * depth + l)
        if l == '{' or l.endswith('{'):
            depth += 1
    lines += ['    }', '}', '']
    return cls, np, outcome, '\n'.join(lines)


def main():
    src, dst = sys.argv[1], sys.argv[2]
    os.makedirs(dst, exist_ok=True)
    rows, done, skipped = [], 0, 0
    for f in sorted(os.listdir(src)):
        if not f.endswith('.c'):
            continue
        text = open(os.path.join(src, f), encoding='latin-1').read()
        np, outcome = header(text)
        try:
            if outcome.endswith('RequestLeak') and 'MPI_Send_init' in text + 'MPI_Recv_init':
                raise Skip('MPJ Express has no Request.Free: a persistent request cannot be freed, so none leaks')
            cls, np, outcome, java = translate_file(os.path.join(src, f))
            open(os.path.join(dst, cls + '.java'), 'w').write(java)
            rows.append((cls + '.java', np, outcome, ''))
            done += 1
        except Skip as e:
            rows.append((f, np, outcome, 'skipped: ' + str(e).replace('\t', ' ').replace('\n', ' ')))
            skipped += 1
    with open(os.path.join(dst, 'labels.tsv'), 'w') as out:
        out.write('# file\tnp\texpected\tskipped\n')
        for r in rows:
            out.write('\t'.join(str(x) for x in r) + '\n')
    print(f'translated {done}, skipped {skipped}')


if __name__ == '__main__':
    main()
