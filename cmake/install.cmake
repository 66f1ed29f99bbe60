# `cmake --install` and `cpack -G DEB` (docs/install.md): the binary, a man
# page per command made by help2man from each command's own --help, and the
# bash and zsh completions (which ask `polypress … --help` for the options, so
# they never drift either).
include(GNUInstallDirs)

set(POLYPRESS_COMMANDS init validate check build edition send new list serve i18n translations rules)
# The NAME line of each page: what `polypress --help` says of the command.
set(what_init "start a site that builds at once")
set(what_validate "check articles, catalogs and templates with file:line:col findings")
set(what_check "validate, plus sources and, with --external, every URL")
set(what_build "validate, then write the pages and emails")
set(what_edition "the weekly brief of an ISO week, one email per language")
set(what_send "a test send of one email through an SMTP server")
set(what_new "a new article bundle, or a translation of one")
set(what_list "the articles a build publishes, drafts, future and expired ones")
set(what_serve "build, serve on 127.0.0.1, rebuild and reload on change")
set(what_i18n "extract, update, check and count the interface catalogs")
set(what_translations "which translations are up to date, stale or missing")
set(what_rules "every rule id and what it checks")
find_program(HELP2MAN help2man REQUIRED)
set(man_pages)
# polypress(1): the command list; polypress-COMMAND(1): one command.
foreach(command "" ${POLYPRESS_COMMANDS})
  if(command STREQUAL "")
    set(page polypress)
    set(what "validates, checks and publishes a multilingual Markdown site")
  else()
    set(page polypress-${command})
    set(what "${what_${command}}")
  endif()
  add_custom_command(
    OUTPUT ${CMAKE_BINARY_DIR}/man/${page}.1
    COMMAND ${CMAKE_COMMAND} -DPOLYPRESS=$<TARGET_FILE:polypress> "-DCOMMAND=${command}"
            -DHELP2MAN=${HELP2MAN} -DPAGE=${page} "-DWHAT=${what}" -DVERSION=${PROJECT_VERSION}
            -DOUT=${CMAKE_BINARY_DIR}/man -P ${PROJECT_SOURCE_DIR}/cmake/man_page.cmake
    DEPENDS polypress ${PROJECT_SOURCE_DIR}/cmake/man_page.cmake
    COMMENT "man page ${page}(1)")
  # Installed compressed, as Debian policy wants (gzip -9n: no name, no time,
  # so the same page gives the same bytes).
  add_custom_command(
    OUTPUT ${CMAKE_BINARY_DIR}/man/${page}.1.gz
    COMMAND gzip -9nf -k ${CMAKE_BINARY_DIR}/man/${page}.1
    DEPENDS ${CMAKE_BINARY_DIR}/man/${page}.1
    COMMENT "man page ${page}(1), compressed")
  list(APPEND man_pages ${CMAKE_BINARY_DIR}/man/${page}.1.gz)
endforeach()
# The changelog, compressed as Debian policy wants for a native package.
add_custom_command(
  OUTPUT ${CMAKE_BINARY_DIR}/changelog.gz
  COMMAND gzip -9n -c ${PROJECT_SOURCE_DIR}/packaging/changelog > ${CMAKE_BINARY_DIR}/changelog.gz
  DEPENDS ${PROJECT_SOURCE_DIR}/packaging/changelog
  COMMENT "changelog.gz")
add_custom_target(package_docs ALL DEPENDS ${CMAKE_BINARY_DIR}/changelog.gz)
add_custom_target(man_pages ALL DEPENDS ${man_pages})

install(TARGETS polypress RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES ${man_pages} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES ${PROJECT_SOURCE_DIR}/completions/polypress.bash
        DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions RENAME polypress)
install(FILES ${PROJECT_SOURCE_DIR}/completions/_polypress
        DESTINATION ${CMAKE_INSTALL_DATADIR}/zsh/vendor-completions)
install(FILES ${PROJECT_SOURCE_DIR}/README.md ${PROJECT_SOURCE_DIR}/packaging/copyright
              ${CMAKE_BINARY_DIR}/changelog.gz
        DESTINATION ${CMAKE_INSTALL_DOCDIR})

# The Debian package: Depends from dpkg-shlibdeps, plus the gettext tools that
# `i18n` and `build` run.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME polypress)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "polypress maintainers <polypress@example.org>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "multilingual Markdown publishing: validate, translate, build, email")
# One string: set() joins a list of strings with ';', which lintian sees as
# one long line of the Description.
set(CPACK_PACKAGE_DESCRIPTION
    "polypress validates Markdown articles written in several languages with exact\n\
file:line:col diagnostics, formats dates and numbers per locale with ICU, takes\n\
interface strings from gettext catalogs, and writes per-language pages, feeds\n\
and emails, right-to-left languages included.")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION web)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "gettext")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "git")
set(CPACK_STRIP_FILES ON)
include(CPack)
