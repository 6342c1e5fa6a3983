# The two files Debian wants in every package's /usr/share/doc/PACKAGE,
# written at configure time for the Debian package (CMakeLists.txt, "The
# Debian package"; scripts/package.sh):
#
# - copyright, in Debian's machine-readable format (DEP-5): one Files
#   paragraph for the whole tree and the license, Apache-2.0 WITH
#   LLVM-exception, whose text is the pointer to base-files' copy of the
#   Apache License and the LLVM exceptions in full, taken from LICENSE so
#   the two never differ;
# - changelog.Debian: one entry for the package's version (plugin/version.h
#   and LTOFOLD_PACKAGE_REVISION), for LTOFOLD_PACKAGE_DISTRIBUTION
#   (unstable, or UNRELEASED for a test build), signed by the package's
#   maintainer, dated by SOURCE_DATE_EPOCH when it is set
#   (scripts/package.sh sets the commit's time, so a package built again
#   from one commit says the same), else now. CMakeLists.txt compresses it
#   (gzip -9n: no name, no time stamp), as Debian's policy and lintian
#   want.

set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/LICENSE)

# ltofold_debian_copyright(LICENSE OUTPUT): writes the copyright file of the
# package whose license text is LICENSE.
function(ltofold_debian_copyright license output)
  set(exceptions_heading "---- LLVM Exceptions to the Apache 2.0 License ----")
  file(READ ${license} license_text)
  string(FIND "${license_text}" "${exceptions_heading}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "${license} has no '${exceptions_heading}'")
  endif()
  string(SUBSTRING "${license_text}" ${at} -1 exceptions)
  string(STRIP "${exceptions}" exceptions)
  # DEP-5's form of a text: every line indented by one space, an empty line
  # written as " ."
  string(REPLACE "\n" "\n " exceptions " ${exceptions}")
  string(REGEX REPLACE "\n \n" "\n .\n" exceptions "${exceptions}")
  string(REGEX REPLACE "\n \n" "\n .\n" exceptions "${exceptions}")
  file(CONFIGURE OUTPUT ${output} @ONLY CONTENT
"Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: ltofold

Files: *
Copyright: 2026 the ltofold authors
License: Apache-2.0 WITH LLVM-exception

License: Apache-2.0 WITH LLVM-exception
 ltofold is licensed under the Apache License, Version 2.0, with the LLVM
 exceptions below, as LLVM itself is; the LICENSE file of its sources has
 both texts.
 .
 On Debian systems the Apache License, Version 2.0 is in
 /usr/share/common-licenses/Apache-2.0 (package base-files).
 .
@exceptions@
")
endfunction()

# ltofold_debian_changelog(OUTPUT): writes the changelog entry of this
# version for LTOFOLD_PACKAGE_DISTRIBUTION, signed by
# LTOFOLD_PACKAGE_MAINTAINER.
function(ltofold_debian_changelog output)
  string(TIMESTAMP date "%a, %d %b %Y %H:%M:%S +0000" UTC)
  file(CONFIGURE OUTPUT ${output} @ONLY CONTENT
"ltofold (@PROJECT_VERSION@-@LTOFOLD_PACKAGE_REVISION@) @LTOFOLD_PACKAGE_DISTRIBUTION@; urgency=medium

  * ltofold @PROJECT_VERSION@, packaged from its sources by scripts/package.sh.

 -- @LTOFOLD_PACKAGE_MAINTAINER@  @date@
")
endfunction()
