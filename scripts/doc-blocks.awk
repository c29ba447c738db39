# Turns a Markdown document into one Swift program (its ```swift blocks, in
# order) and a list of the output those blocks claim. Used by scripts/apple-check.
#
# Two ways for a block to claim output, both checked against a run of the program:
#   print(value)  // text      the print on this line writes exactly `text`
#                              (the first `)  // ` ends the code)
#   // Prints:                 everything printed since the start of the block or
#   // line one                the previous claim, whichever is later, is exactly
#   // line two                the comment lines that follow `// Prints:`
# Any other comment is prose and is not checked.
#
# The program gets a marker statement, `__docMark(N)`, at the start of each block
# and around each claim; the program's output is cut at the markers, and each
# claim is compared with its piece. Claims go to the file named by `claims`, one
# a line: `N<TAB>document line<TAB>expected text` (lines of the text joined by \n).
#
#     awk -v claims=FILE -f scripts/doc-blocks.awk DOC.md > main.swift
function mark(indent) { marker++; print indent "__docMark(" marker ")" }
function flush_prints() {
    if (collecting) {
        printf "%d\t%d\t%s\n", marker, prints_line, prints_text > claims
        mark("")
        collecting = 0
    }
}
BEGIN { marker = 0; inside = 0; collecting = 0 }
/^```swift[[:space:]]*$/ { inside = 1; mark(""); next }
/^```/ {
    if (inside) flush_prints()
    inside = 0
    next
}
!inside { next }
{
    line = $0
    if (line ~ /^(import Foundation|import Strata)[[:space:]]*$/) next
    if (collecting) {
        if (line ~ /^[[:space:]]*\/\/( |$)/) {
            text = line
            sub(/^[[:space:]]*\/\/ ?/, "", text)
            prints_text = prints_text (prints_count++ ? "\\n" : "") text
            print line
            next
        }
        flush_prints()
    }
    if (line ~ /^[[:space:]]*\/\/ Prints:[[:space:]]*$/) {
        collecting = 1; prints_line = NR; prints_text = ""; prints_count = 0
        print line
        next
    }
    if (line ~ /^[[:space:]]*print\(/ && match(line, /\)[[:space:]]+\/\/ /)) {
        indent = line
        sub(/[^[:space:]].*$/, "", indent)
        text = substr(line, RSTART + RLENGTH)
        sub(/[[:space:]]+$/, "", text)
        mark(indent)
        printf "%d\t%d\t%s\n", marker, NR, text > claims
        print line
        mark(indent)
        next
    }
    print line
}
END { if (inside) flush_prints() }
