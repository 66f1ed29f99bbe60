# Writes OUT/PAGE.1 with help2man from `POLYPRESS [COMMAND] --help`: the same
# option definitions the command prints, so a man page never drifts from --help.
file(MAKE_DIRECTORY ${OUT})
set(wrapper ${OUT}/${PAGE})
# help2man runs a program without arguments of its own: a script that is
# `polypress COMMAND`.
if(COMMAND)
  file(WRITE ${wrapper} "#!/bin/sh\nexec '${POLYPRESS}' ${COMMAND} \"$@\"\n")
else()
  file(WRITE ${wrapper} "#!/bin/sh\nexec '${POLYPRESS}' \"$@\"\n")
endif()
file(CHMOD ${wrapper} PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE)
execute_process(
  COMMAND ${HELP2MAN} --no-info --no-discard-stderr --section=1 --name=${WHAT}
          --version-string=${VERSION} --output=${OUT}/${PAGE}.1.tmp ${wrapper}
  RESULT_VARIABLE rc)
file(REMOVE ${wrapper})
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "help2man failed for ${PAGE}")
endif()
# help2man writes the month of the run: take the project's version only, so
# the page is the same on every build.
file(READ ${OUT}/${PAGE}.1.tmp text)
string(REGEX REPLACE "\\.TH ([^ ]+) \"1\" \"[^\"]*\"" ".TH \\1 \"1\" \"polypress ${VERSION}\"" text "${text}")
file(WRITE ${OUT}/${PAGE}.1 "${text}")
file(REMOVE ${OUT}/${PAGE}.1.tmp)
