# Writes a text file into a C source as one NUL-terminated char array, so that
# the `ltofold` command carries its page's style sheet and script
# (report_page.css, report_page.js) and writes self-contained pages.
# Hexadecimal bytes, not a string literal: nothing in the file needs escaping
# and no compiler limit on string literals applies.
#
#   cmake -DINPUT=FILE -DOUTPUT=FILE.c -DNAME=C_NAME -P embed_text.cmake
file(READ "${INPUT}" content HEX)
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," content "${content}")
string(REGEX REPLACE "(0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,)"
       "\\1\n" content "${content}")
get_filename_component(source "${INPUT}" NAME)
file(WRITE "${OUTPUT}"
     "/* Generated from ${source} by embed_text.cmake; do not edit. */\n"
     "const char ${NAME}[] = {\n${content}0x00};\n")
