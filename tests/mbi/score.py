#!/usr/bin/env python3
"""Scores Rendezvous on the MBI programs translated by translate.py.

Runs `rendezvous check --format json` once per process count over the translated files (at the
count the MBI header gives), then compares with the MBI label: a program labelled `ERROR: <class>`
must get at least one error finding, a program labelled `OK` none. Warnings are listed but not
counted as a positive answer (the IDE shows them; CI fails only on errors).

Usage: score.py <translated folder> <path to ./rendezvous> [--list]
Prints accuracy, precision and recall overall, per MBI class, and the deadlock classes
(CallMatching, TagMatching, CommunicatorMatching, RootMatching, MessageRace, MissingWait, MissingStart
and their OK counterparts, as the MBI paper groups them), plus what was skipped and why.
"""
import collections
import json
import os
import shutil
import subprocess
import sys
import tempfile

DEADLOCK = {'CallMatching', 'TagMatching', 'CommunicatorMatching', 'RootMatching', 'MessageRace', 'MissingWait',
            'MissingStart'}


def main():
    folder, tool = sys.argv[1], sys.argv[2]
    listing = '--list' in sys.argv
    rows = []
    for line in open(os.path.join(folder, 'labels.tsv')):
        if line.startswith('#'):
            continue
        f, np, expected, skipped = (line.rstrip('\n').split('\t') + [''])[:4]
        rows.append((f, int(np), expected, skipped))
    by_np = collections.defaultdict(list)
    for f, np, expected, skipped in rows:
        if not skipped:
            by_np[np].append(f)
    answers = {}
    for np, files in sorted(by_np.items()):
        tmp = tempfile.mkdtemp(prefix=f'mbi-np{np}-')
        for f in files:
            shutil.copy(os.path.join(folder, f), tmp)
        out = subprocess.run([tool, 'check', tmp, '--np', str(np), '--format', 'json'], capture_output=True, text=True)
        if out.returncode == 2:
            sys.exit('rendezvous failed: ' + out.stderr)
        for run in json.loads(out.stdout)['runs']:
            name = os.path.basename(run['file'])
            sev = [x['severity'] for x in run['findings']]
            kinds = sorted({x['kind'] for x in run['findings'] if x['severity'] == 'error'})
            warns = sorted({x['kind'] for x in run['findings'] if x['severity'] == 'warning'})
            answers[name] = ('error' in sev, kinds, warns)
        shutil.rmtree(tmp)

    per_class = collections.defaultdict(lambda: [0, 0, 0, 0])  # tp, fp, tn, fn
    skipped = collections.Counter()
    wrong = []
    for f, np, expected, skip in rows:
        cls = expected.split(':', 1)[1].strip() if expected.startswith('ERROR') else 'OK'
        if skip:
            skipped[(cls, skip.split(':', 2)[1].strip() if ':' in skip else skip)] += 1
            continue
        positive, kinds, warns = answers.get(f, (False, [], []))
        bug = expected.startswith('ERROR')
        c = per_class[cls]
        if bug and positive:
            c[0] += 1
        elif not bug and positive:
            c[1] += 1
            wrong.append(('false positive', f, kinds))
        elif not bug:
            c[2] += 1
        else:
            c[3] += 1
            wrong.append(('missed ' + cls, f, warns))

    def line(name, tp, fp, tn, fn):
        n = tp + fp + tn + fn
        acc = (tp + tn) / n if n else 0
        prec = tp / (tp + fp) if tp + fp else 1
        rec = tp / (tp + fn) if tp + fn else 1
        print(f'{name:28s} {n:5d}  accuracy {acc:.3f}  precision {prec:.3f}  recall {rec:.3f}  (tp {tp}, fp {fp}, tn {tn}, fn {fn})')

    print('MBI programs translated to MPJ Express, scored with Rendezvous (error findings = positive)')
    tot = [0, 0, 0, 0]
    for cls in sorted(per_class):
        c = per_class[cls]
        line(cls, *c)
        tot = [a + b for a, b in zip(tot, c)]
    print()
    line('all translated', *tot)
    dl = [0, 0, 0, 0]
    for cls in DEADLOCK | {'OK'}:
        if cls in per_class:
            dl = [a + b for a, b in zip(dl, per_class[cls])]
    line('deadlock classes + OK', *dl)
    print(f'\nskipped (MPJ cannot express it, or the translator does not know the construct): {sum(skipped.values())}')
    for (cls, why), n in sorted(skipped.items(), key=lambda x: -x[1])[:15]:
        print(f'  {n:4d}  {cls:22s} {why}')
    if listing:
        print()
        for w in sorted(wrong):
            print('  ', *w)


if __name__ == '__main__':
    main()
