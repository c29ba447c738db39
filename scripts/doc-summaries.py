"""Gives each documentation comment that swift-format's
BeginDocumentationCommentWithOneLineSummary flags a one-sentence summary: the
first sentence of its first paragraph becomes a paragraph of its own, and the
rest of that paragraph follows after a blank `///` line, rewrapped to the
comment's width. Only the first paragraph of a flagged comment changes.

    python3 scripts/doc-summaries.py .swift-format Sources

Run by `scripts/lint --fix`; re-run `scripts/lint` afterwards, and read the diff:
a summary that reads badly once alone deserves a better sentence.
"""
import re, subprocess, sys, textwrap
config, root = sys.argv[1], sys.argv[2]
out = subprocess.run(['swift-format', 'lint', '--configuration', config, '-r', root], capture_output=True, text=True).stderr
hits = {}
for line in out.splitlines():
    m = re.match(r'(.+?):(\d+):(\d+): warning: \[BeginDocumentationCommentWithOneLineSummary\]', line)
    if m: hits.setdefault(m.group(1), []).append(int(m.group(2)))
ABBREV = ('e.g.', 'i.e.', 'etc.', 'vs.')
def first_sentence_end(text):
    tick = False
    for i, ch in enumerate(text):
        if ch == '`': tick = not tick
        elif ch in '.!?' and not tick and (i + 1 == len(text) or text[i + 1] == ' '):
            if any(text[:i + 1].endswith(a) for a in ABBREV): continue
            if i + 1 == len(text): return None
            return i + 1
    return None
fixed = failed = 0
for path, lines_ in hits.items():
    src = open(path).read().split('\n')
    for decl in sorted(lines_, reverse=True):
        # the comment block: consecutive /// lines above the declaration (skipping attributes)
        end = decl - 2
        while end >= 0 and not src[end].lstrip().startswith('///'): end -= 1
        start = end
        while start - 1 >= 0 and src[start - 1].lstrip().startswith('///'): start -= 1
        indent = src[start][:len(src[start]) - len(src[start].lstrip())]
        body = [l.strip()[3:] for l in src[start:end + 1]]
        body = [b[1:] if b.startswith(' ') else b for b in body]
        # first paragraph
        p_end = 0
        while p_end < len(body) and body[p_end].strip() != '': p_end += 1
        para = ' '.join(b.strip() for b in body[:p_end])
        cut = first_sentence_end(para)
        if cut is None:
            failed += 1; print('no split:', path, decl, para[:80]); continue
        summary, rest = para[:cut].strip(), para[cut:].strip()
        width = max(60, max(len(l) for l in src[start:end + 1]))
        def wrap(t):
            return textwrap.wrap(t, width=width - len(indent) - 4, break_long_words=False, break_on_hyphens=False) or ['']
        new = [indent + '/// ' + l for l in wrap(summary)] + [indent + '///'] + [indent + '/// ' + l for l in wrap(rest)]
        src[start:start + p_end] = new
        fixed += 1
    open(path, 'w').write('\n'.join(src))
print('fixed', fixed, 'failed', failed)
