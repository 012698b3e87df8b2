# The layering check must fail on what it forbids: a fake src/ tree in WORK_DIR with one
# violation of each kind, checked by tests/layering.cmake; every expected line must be named.
# Run by ctest as `cmake -DSOURCE_DIR=... -DWORK_DIR=... -P tests/layering_selftest.cmake`.
file(REMOVE_RECURSE "${WORK_DIR}")
set(src "${WORK_DIR}/src")
file(WRITE "${src}/engine/fast.h" "// Fast path (engine-internal).\n#pragma once\n")
file(WRITE "${src}/engine/grid.h" "// Grids.\n#pragma once\n#include \"engine/fast.h\"\n")
file(WRITE "${src}/render/page.cpp" "#include \"engine/grid.h\"\n")
file(WRITE "${src}/book/kdp/trim.cpp" "#include \"book/make/build.h\"\n")
file(WRITE "${src}/book/make/build.h" "#pragma once\n#include \"engine/fast.h\"\n#include \"book/kdp/trim.h\"\n")
file(WRITE "${src}/book/check/scan.cpp" "#include <cairo.h>\n#include \"../make/build.h\"\n")
file(WRITE "${src}/book/loose.cpp" "\n")
# An outside library's folder: its files may include the library, a file beside the folder not.
file(WRITE "${src}/render/pdf/paint.cpp" "#include <hpdf.h>\n")
file(WRITE "${src}/render/pdf_extra.cpp" "#include <hpdf.h>\n")
execute_process(COMMAND "${CMAKE_COMMAND}" -DSOURCE_DIR=${WORK_DIR} -P "${SOURCE_DIR}/tests/layering.cmake"
                RESULT_VARIABLE result OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(result EQUAL 0)
  message(FATAL_ERROR "the layering check passed a tree that breaks every rule")
endif()
foreach(expected
    "src/render/page.cpp: render may not include engine/"
    "src/book/kdp/trim.cpp: book/kdp may not include book/make/"
    "src/book/make/build.h: engine/fast.h is internal to src/engine"
    "src/book/check/scan.cpp: only render/image/ may include"
    "src/render/pdf_extra.cpp: only render/pdf/ may include"
    "src/book/check/scan.cpp: includes may not climb out with '..'"
    "src/book/loose.cpp: a file of src/book belongs in one of its rooms")
  string(FIND "${err}" "${expected}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "the layering check did not name: ${expected}\n--- it said:\n${err}")
  endif()
endforeach()
string(FIND "${err}" "src/engine/grid.h" at)
if(NOT at EQUAL -1)
  message(FATAL_ERROR "an internal header was refused inside its own folder:\n${err}")
endif()
string(FIND "${err}" "src/render/pdf/paint.cpp" at)
if(NOT at EQUAL -1)
  message(FATAL_ERROR "an outside library was refused inside its own folder:\n${err}")
endif()
file(REMOVE_RECURSE "${WORK_DIR}")
message(STATUS "layering self-test: every kind of violation is named")
