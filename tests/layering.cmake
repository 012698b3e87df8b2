# The layering check (ARCHITECTURE.md): every #include of a project header in src/LAYER may only
# name the layers LAYER depends on; inside src/book, every room only the rooms below it; a
# header marked internal (its opening comment says "internal", e.g. "(engine-internal …)") only
# from its own folder; and each outside library is included by its one file (or the files of
# its one folder: an entry ending in "/" names every file under that folder).
# Run by ctest as `cmake -DSOURCE_DIR=... -P tests/layering.cmake`; fails with one line per
# offending include.
#
#   util    -> util
#   engine  -> engine                 (pure computation: no I/O, no util)
#   render  -> render, util           (knows no engine, no YAML)
#   book    -> book, render, engine, util
#   cli     -> every layer
set(allowed_util util)
set(allowed_engine engine)
set(allowed_render render util)
set(allowed_book book render engine util)
set(allowed_cli cli book render engine util)
# The rooms of src/book, each above the rooms it may include (besides its own):
#
#   studio  check  catalogue   (none includes another)
#      make
#      cover
#   spec  manifest       (neither includes the other)
#   kdp   text           (the ground: neither includes the other)
set(book_rooms kdp text spec manifest cover make check studio catalogue)
set(rooms_kdp kdp)
set(rooms_text text)
set(rooms_spec spec kdp text)
set(rooms_manifest manifest kdp text)
set(rooms_cover cover spec manifest kdp text)
set(rooms_make make cover spec manifest kdp text)
set(rooms_check check make cover spec manifest kdp text)
set(rooms_studio studio make cover spec manifest kdp text)
set(rooms_catalogue catalogue make cover spec manifest kdp text)
# Outside libraries, each confined to the files named here (a regex on the include).
set(library_patterns "hpdf" "yaml-cpp/" "nlohmann/" "CLI/" "qpdf/" "cairo" "ft2build\\.h" "jpeglib\\.h" "png\\.h" "zlib\\.h" "poppler/" "httplib\\.h" "sqlite3\\.h" "libpq-fe\\.h")
# libharu (hpdf.h, hpdf_utils.h): the PDF painter's folder (render/pdf/pdf_internal.h says which
# file does what).
set(library_files_hpdf "render/pdf/")
set(library_files_yaml-cpp/ "book/text/yaml_reader.cpp")
# nlohmann: the manifest (read, and its reference text) and json_writer.cpp (its exact number
# and string forms, so the manifest written directly matches the reference byte for byte).
set(library_files_nlohmann/ "book/manifest/manifest.cpp" "book/manifest/json_writer.cpp")
# CLI11: the command line (app.cpp, command.cpp and each command file's add_<command>).
file(GLOB cli_files RELATIVE "${SOURCE_DIR}/src" "${SOURCE_DIR}/src/cli/*.cpp")
set(library_files_CLI/ ${cli_files})
# qpdf: pdf_check.cpp checks PDFs against a manifest (interior and cover); pdf_scan.cpp and the
# internal files it runs (pdf_content_scan, pdf_parse_cost, pdf_fonts) follow content streams
# (what a page prints: boxes, line widths, colours, type sizes);
# pdfx.cpp rewrites an IngramSpark cover as PDF/X-1a (output intent, info keys, /ID), which
# libharu cannot write; sha256.cpp hashes the PDFs a manifest records (qpdf's crypto provider).
set(library_files_qpdf/ "book/check/pdf_check.cpp" "book/cover/pdfx.cpp" "book/check/pdf_scan.cpp" "book/check/pdf_fonts.h"
    "book/check/pdf_fonts.cpp" "book/check/pdf_content_scan.h" "book/check/pdf_content_scan.cpp"
    "book/check/pdf_parse_cost.h" "book/check/pdf_parse_cost.cpp" "book/check/pdf_pages.h" "book/check/pdf_pages.cpp"
    "book/manifest/sha256.cpp")
# cairo paints PNG and SVG; its fonts come through FreeType (ft2build.h) from our TTF files,
# and its PNGs are deflated with zlib: all only in the image painter's folder (render/image/image_internal.h says which file does what). The PDF painter
# deflates its page content with zlib too (one stream per document).
set(library_files_cairo "render/image/")
set(library_files_ft2build\\.h "render/image/")
# libjpeg and libpng: the one image decoder (render/pixels.cpp), which both painters and the
# spec check use.
set(library_files_jpeglib\\.h "render/pixels.cpp")
set(library_files_png\\.h "render/pixels.cpp")
set(library_files_zlib\\.h "render/image/" "render/pdf/")
set(library_files_poppler/ "book/check/pdf_reader.cpp")
set(library_files_httplib\\.h "cli/studio_server.cpp")
# SQLite: the catalogue's file store.
set(library_files_sqlite3\\.h "book/catalogue/sqlite_store.cpp")
# libpq: the catalogue's server store.
set(library_files_libpq-fe\\.h "book/catalogue/postgres_store.cpp")

set(problems "")
# Headers marked internal: their folder (as "engine", "book/check") by their path under src/.
set(internal_headers "")
file(GLOB_RECURSE all_headers RELATIVE "${SOURCE_DIR}/src" "${SOURCE_DIR}/src/*.h")
foreach(header ${all_headers})
  file(STRINGS "${SOURCE_DIR}/src/${header}" opening LIMIT_COUNT 3)
  string(TOLOWER "${opening}" opening)
  if(opening MATCHES "^//[^;]*internal" OR opening MATCHES ";//[^;]*internal")
    list(APPEND internal_headers "${header}")
  endif()
endforeach()
file(GLOB_RECURSE loose RELATIVE "${SOURCE_DIR}/src" "${SOURCE_DIR}/src/book/*.h" "${SOURCE_DIR}/src/book/*.cpp")
foreach(file ${loose})
  if(file MATCHES "^book/[^/]+$")
    string(APPEND problems "src/${file}: a file of src/book belongs in one of its rooms (${book_rooms})\n")
  endif()
endforeach()
foreach(layer util engine render book cli)
  file(GLOB_RECURSE files RELATIVE "${SOURCE_DIR}/src" "${SOURCE_DIR}/src/${layer}/*.h" "${SOURCE_DIR}/src/${layer}/*.cpp")
  foreach(file ${files})
    get_filename_component(folder "${file}" DIRECTORY)
    set(room "")
    if(file MATCHES "^book/([^/]+)/")
      set(room "${CMAKE_MATCH_1}")
    endif()
    file(STRINGS "${SOURCE_DIR}/src/${file}" lines REGEX "^[ \t]*#[ \t]*include")
    foreach(line ${lines})
      string(REPLACE "\"" "'" shown "${line}")
      if(line MATCHES "#[ \t]*include[ \t]*[<\"][^>\"]*\\.\\.")
        string(APPEND problems "src/${file}: includes may not climb out with '..' (${shown})\n")
      endif()
      if(line MATCHES "#[ \t]*include[ \t]*[<\"](util|engine|render|book|cli)/")
        set(target "${CMAKE_MATCH_1}")
        list(FIND allowed_${layer} "${target}" found)
        if(found EQUAL -1)
          string(APPEND problems "src/${file}: ${layer} may not include ${target}/ (${shown})\n")
        endif()
      endif()
      if(room AND line MATCHES "#[ \t]*include[ \t]*\"book/([^/\"]+)/")
        set(target_room "${CMAKE_MATCH_1}")
        list(FIND rooms_${room} "${target_room}" found)
        if(found EQUAL -1)
          string(APPEND problems "src/${file}: book/${room} may not include book/${target_room}/ (${shown})\n")
        endif()
      endif()
      if(line MATCHES "#[ \t]*include[ \t]*\"([^\"]+)\"")
        set(included "${CMAKE_MATCH_1}")
        list(FIND internal_headers "${included}" internal)
        if(NOT internal EQUAL -1)
          get_filename_component(home "${included}" DIRECTORY)
          if(NOT folder STREQUAL home)
            string(APPEND problems "src/${file}: ${included} is internal to src/${home} (${shown})\n")
          endif()
        endif()
      endif()
      foreach(pattern ${library_patterns})
        if(line MATCHES "#[ \t]*include[ \t]*<${pattern}")
          set(owned FALSE)
          foreach(owner ${library_files_${pattern}})
            string(FIND "${file}" "${owner}" at)
            if(file STREQUAL owner OR (owner MATCHES "/$" AND at EQUAL 0))
              set(owned TRUE)
            endif()
          endforeach()
          if(NOT owned)
            string(APPEND problems "src/${file}: only ${library_files_${pattern}} may include ${shown}\n")
          endif()
        endif()
      endforeach()
    endforeach()
  endforeach()
endforeach()

if(problems)
  message(FATAL_ERROR "layering check failed:\n${problems}")
endif()
message(STATUS "layering check: every include follows ARCHITECTURE.md")
