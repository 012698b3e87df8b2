# Install rules (GNUInstallDirs) and the Debian package (CPack DEB).
#
#   bin/puzzlepress                                    the program (presets, fonts, licences built in)
#   share/man/man1/puzzlepress.1.gz                    the manual page (man/puzzlepress.1)
#   share/bash-completion/completions/puzzlepress      shell completions (completions/)
#   share/zsh/vendor-completions/_puzzlepress
#   share/fish/vendor_completions.d/puzzlepress.fish
#   share/puzzlepress/puzzlepress.schema.json          the spec's JSON Schema (for editors)
#   share/puzzlepress/examples/*.yaml                  example specs; their "$schema=../…" line
#                                                      finds the schema above
#   share/doc/puzzlepress/                             README, CHANGELOG, docs/ (the spec and command
#                                                      references), the fonts' licences and sources
#
# `cmake --build build --target package` (or `cd build && cpack`) makes
# puzzlepress_<version>_<arch>.deb; its Depends come from dpkg-shlibdeps. .ci/deb-check installs
# it into a scratch root and builds an example from another folder.
include(GNUInstallDirs)

install(TARGETS puzzlepress RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

# Debian wants manual pages compressed; -n leaves the name and time out (same bytes every time).
find_program(PUZZLEPRESS_GZIP gzip REQUIRED)
add_custom_command(
  OUTPUT ${CMAKE_CURRENT_BINARY_DIR}/puzzlepress.1.gz
  COMMAND ${PUZZLEPRESS_GZIP} -9 -n -c ${PROJECT_SOURCE_DIR}/man/puzzlepress.1 > ${CMAKE_CURRENT_BINARY_DIR}/puzzlepress.1.gz
  DEPENDS ${PROJECT_SOURCE_DIR}/man/puzzlepress.1
  COMMENT "Compressing the manual page")
add_custom_target(puzzlepress_man ALL DEPENDS ${CMAKE_CURRENT_BINARY_DIR}/puzzlepress.1.gz)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/puzzlepress.1.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)

install(FILES completions/puzzlepress.bash DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions
        RENAME puzzlepress)
install(FILES completions/_puzzlepress DESTINATION ${CMAKE_INSTALL_DATADIR}/zsh/vendor-completions)
install(FILES completions/puzzlepress.fish DESTINATION ${CMAKE_INSTALL_DATADIR}/fish/vendor_completions.d)

install(FILES puzzlepress.schema.json DESTINATION ${CMAKE_INSTALL_DATADIR}/puzzlepress)
file(GLOB puzzlepress_examples ${PROJECT_SOURCE_DIR}/examples/*.yaml)
install(FILES ${puzzlepress_examples} DESTINATION ${CMAKE_INSTALL_DATADIR}/puzzlepress/examples)

file(GLOB puzzlepress_licences ${PROJECT_SOURCE_DIR}/fonts/LICENSE-*.txt)
install(FILES README.md CHANGELOG.md ${puzzlepress_licences} DESTINATION ${CMAKE_INSTALL_DOCDIR})
# The README links into docs/: the same relative paths hold in the installed folder.
install(DIRECTORY docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs FILES_MATCHING PATTERN "*.md")
install(FILES fonts/README.md DESTINATION ${CMAKE_INSTALL_DOCDIR} RENAME fonts.md)

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME puzzlepress)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_VENDOR "puzzlepress")
set(CPACK_PACKAGE_CONTACT "puzzlepress maintainers <maintainers@puzzlepress.invalid>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "print-ready sudoku books for Amazon KDP from a YAML spec")
set(CPACK_PACKAGE_DESCRIPTION
  "puzzlepress turns a YAML book spec into a print-ready puzzle book: the interior PDF with\nembedded fonts, KDP trims, margins and page-count limits checked, a JSON manifest and a\nfull-wrap cover PDF. It generates and grades sudoku of six sizes by human techniques.")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION text)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)  # Depends: the Debian runtime packages of the libraries linked
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS OFF)
include(CPack)
