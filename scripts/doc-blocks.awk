# Turns a Markdown document into one Swift program (its ```swift blocks, in
# order) and a list of the output those blocks claim. Used by scripts/apple-check.
#
# Three ways for a block to claim output, all checked against a run of the program:
#   print(value)  // text      the print on this line writes exactly `text`
#                              (the first `)  // ` ends the code)
#   print(value)               a one-line print followed directly by comment
#   // line one                lines: the print writes exactly those lines
#   // line two
#   // Prints:                 everything printed since the start of the block or
#   // line one                the previous claim, whichever is later, is exactly
#   // line two                the comment lines that follow `// Prints:`
# In a claim, an ellipsis, `…`, stands for any text (scripts/apple-check). Any
# other comment is prose and is not checked: leave a blank line between a print
# and a comment that is not its output.
#
# The program gets a marker statement, `__docMark(N)`, at the start of each block
# and around each claim; the program's output is cut at the markers, and each
# claim is compared with its piece. Claims go to the file named by `claims`, one
# a line: `N<TAB>document line<TAB>expected text` (lines of the text joined by \n).
#
#     awk -v claims=FILE -f scripts/doc-blocks.awk DOC.md > main.swift
function mark(indent) { marker++; print indent "__docMark(" marker ")" }
function is_comment(text) { return text ~ /^[[:space:]]*\/\/( |$)/ }
function comment_text(text) { sub(/^[[:space:]]*\/\/ ?/, "", text); return text }
# Ends a `// Prints:` claim, or the comment lines after a print.
function flush_claim() {
    if (collecting) {
        printf "%d\t%d\t%s\n", marker, claim_line, claim_text > claims
        mark(claim_indent)
        collecting = 0
    }
}
# A held print line that no comment followed is printed as it is.
function flush_held() {
    if (held != "") { print held; held = "" }
}
BEGIN { marker = 0; inside = 0; collecting = 0; held = "" }
/^```swift[[:space:]]*$/ { inside = 1; mark(""); next }
/^```/ {
    if (inside) { flush_held(); flush_claim() }
    inside = 0
    next
}
!inside { next }
{
    line = $0
    if (line ~ /^(import Foundation|import Strata)[[:space:]]*$/) next
    if (held != "") {
        if (is_comment(line) && line !~ /\/\/ Prints:[[:space:]]*$/) {
            # The held print's output: a marker before it, the comments after it.
            mark(held_indent)
            print held
            held = ""
            collecting = 1; claim_line = NR; claim_indent = held_indent
            claim_text = comment_text(line); claim_count = 1
            print line
            next
        }
        flush_held()
    }
    if (collecting) {
        if (is_comment(line)) {
            claim_text = claim_text (claim_count++ ? "\\n" : "") comment_text(line)
            print line
            next
        }
        flush_claim()
    }
    if (line ~ /^[[:space:]]*\/\/ Prints:[[:space:]]*$/) {
        collecting = 1; claim_line = NR; claim_text = ""; claim_count = 0; claim_indent = ""
        print line
        next
    }
    if (line ~ /^[[:space:]]*print\(/) {
        indent = line
        sub(/[^[:space:]].*$/, "", indent)
        if (match(line, /\)[[:space:]]+\/\/ /)) {
            text = substr(line, RSTART + RLENGTH)
            sub(/[[:space:]]+$/, "", text)
            mark(indent)
            printf "%d\t%d\t%s\n", marker, NR, text > claims
            print line
            mark(indent)
            next
        }
        # Held until the next line says whether comments claim its output.
        held = line; held_indent = indent
        next
    }
    print line
}
END { if (inside) { flush_held(); flush_claim() } }
