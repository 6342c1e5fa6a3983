# Writes OUTPUT, the C file behind the build-time half of plugin/version.h:
# the git revision of SOURCE_DIR and the LLVM version of the build
# (LLVM_VERSION). CMakeLists.txt runs it at every build, so the revision is
# the one built, not the one configured; OUTPUT is rewritten only when its
# text changes, so an unchanged revision recompiles nothing.
#
#   cmake -DSOURCE_DIR=... -DOUTPUT=.../build_info.c -DLLVM_VERSION=22.1.8 -P build-info.cmake
#
# A source tree that is not a git checkout of its own (a tarball, also one
# unpacked inside some other repository), or a machine without git, gives
# "unknown": such a build must not fail.
foreach(variable SOURCE_DIR OUTPUT LLVM_VERSION)
  if(NOT DEFINED ${variable})
    message(FATAL_ERROR "build-info.cmake: -D${variable}=... is missing")
  endif()
endforeach()

set(revision unknown)
find_program(git_program git)
if(git_program)
  execute_process(
    COMMAND ${git_program} -C ${SOURCE_DIR} rev-parse --show-toplevel
    RESULT_VARIABLE status
    OUTPUT_VARIABLE toplevel
    OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  if(status EQUAL 0 AND toplevel)
    file(REAL_PATH "${toplevel}" toplevel)
    file(REAL_PATH "${SOURCE_DIR}" source)
    if(toplevel STREQUAL source)
      execute_process(
        COMMAND ${git_program} -C ${SOURCE_DIR} describe --always --dirty
        RESULT_VARIABLE status
        OUTPUT_VARIABLE described
        OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
      if(status EQUAL 0 AND described)
        set(revision "${described}")
      endif()
    endif()
  endif()
endif()

# A tag name may hold a double quote; C string literals need it escaped.
string(REPLACE "\"" "\\\"" revision "${revision}")
set(text "/* Written by scripts/build-info.cmake at build time; see plugin/version.h. */
#include \"version.h\"

const char ltofold_git_revision[] = \"${revision}\";
const char ltofold_llvm_build_version[] = \"${LLVM_VERSION}\";
")

set(old_text "")
if(EXISTS "${OUTPUT}")
  file(READ "${OUTPUT}" old_text)
endif()
if(NOT old_text STREQUAL text)
  file(WRITE "${OUTPUT}.tmp" "${text}")
  file(RENAME "${OUTPUT}.tmp" "${OUTPUT}")
endif()
