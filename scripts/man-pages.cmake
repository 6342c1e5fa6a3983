# The man pages (docs/man/*.in) name where ltofold is installed: the
# plugins' directory in their synopses, examples and FILES sections, the
# docs' directory, the DTLTO distributor's. Those paths are known for sure only at install time,
# since `cmake --install BUILD --prefix P` may install under another prefix
# than the one configured; so CMakeLists.txt configures the pages twice:
# into the build tree with the configured prefix (for the tests of
# testsuite/install/man-pages.test), and at install time with the prefix of
# that install (CPack's /usr for the Debian package, whatever --prefix
# says otherwise), compressed with gzip -9n as Debian ships them.
#
# Included by CMakeLists.txt and by the install script it generates
# (cmake_install.cmake), where CMAKE_INSTALL_PREFIX is the install's prefix
# and DESTDIR, if set, is not part of it: a page staged under DESTDIR names
# the path it will have once unpacked.

# ltofold_man_page_configure(INPUT OUTPUT PREFIX VERSION LIBDIR DATADIR
# DOCDIR): configures the page INPUT into OUTPUT for an install under
# PREFIX, with GNUInstallDirs' LIBDIR, DATADIR and DOCDIR (relative to
# PREFIX, or absolute).
function(ltofold_man_page_configure input output prefix version libdir datadir docdir)
  foreach(dir libdir datadir docdir)
    if(NOT IS_ABSOLUTE "${${dir}}")
      set(${dir} "${prefix}/${${dir}}")
    endif()
  endforeach()
  # In roff a plain '-' may print as a hyphen (U+2010 in UTF-8), which a
  # path copied from the page must not have: '\-' is the minus sign.
  string(REPLACE "-" "\\-" LTOFOLD_PLUGIN_DIR "${libdir}/ltofold")
  string(REPLACE "-" "\\-" LTOFOLD_DATA_DIR "${datadir}/ltofold")
  string(REPLACE "-" "\\-" LTOFOLD_DOC_DIR "${docdir}")
  set(PROJECT_VERSION "${version}")
  configure_file("${input}" "${output}" @ONLY)
endfunction()

# ltofold_man_pages_install(SOURCE_DIR STAGING_DIR VERSION LIBDIR DATADIR
# DOCDIR MANDIR PAGE...): at install time, configures each PAGE
# (ltofold.1, ...) for CMAKE_INSTALL_PREFIX in a directory of this install's
# own under STAGING_DIR (two installs of one build tree at once, to two
# prefixes, must not take each other's pages), compresses it and installs
# it in MANDIR/manN; then removes that directory.
function(ltofold_man_pages_install source_dir staging_dir version libdir datadir docdir
         mandir)
  if(NOT IS_ABSOLUTE "${mandir}")
    set(mandir "${CMAKE_INSTALL_PREFIX}/${mandir}")
  endif()
  string(RANDOM LENGTH 12 install_id)
  set(staging_dir "${staging_dir}/install-${install_id}")
  foreach(page IN LISTS ARGN)
    set(page_file "${staging_dir}/${page}")
    ltofold_man_page_configure("${source_dir}/docs/man/${page}.in" "${page_file}"
      "${CMAKE_INSTALL_PREFIX}" "${version}" "${libdir}" "${datadir}" "${docdir}")
    execute_process(COMMAND gzip -9nkf "${page_file}" RESULT_VARIABLE status)
    if(NOT status EQUAL 0)
      message(FATAL_ERROR "gzip ${page_file} failed: ${status}")
    endif()
    string(REGEX MATCH "[0-9]$" section "${page}")
    file(INSTALL DESTINATION "${mandir}/man${section}" TYPE FILE FILES "${page_file}.gz")
  endforeach()
  file(REMOVE_RECURSE "${staging_dir}")
  # file(INSTALL) lists what it installs for install_manifest.txt in the
  # install script's scope, which is the caller's.
  set(CMAKE_INSTALL_MANIFEST_FILES "${CMAKE_INSTALL_MANIFEST_FILES}" PARENT_SCOPE)
endfunction()
