# fish completion for puzzlepress. Installed as
# /usr/share/fish/vendor_completions.d/puzzlepress.fish. tests/cli/packaging_test.cpp checks that
# it offers every subcommand and option the program has.
set -l commands init build sample preview verify preflight studio generate solve grade bench schema catalogue
complete -c puzzlepress -f
complete -c puzzlepress -n "not __fish_seen_subcommand_from $commands" -l help -d 'Print help'
complete -c puzzlepress -n "not __fish_seen_subcommand_from $commands" -l version -d 'Print versions'
complete -c puzzlepress -n "not __fish_seen_subcommand_from $commands" -a init -d 'Write a commented starter spec'
complete -c puzzlepress -n "not __fish_seen_subcommand_from $commands" -a build -d 'Build a book'
complete -c puzzlepress -n "not __fish_seen_subcommand_from $commands" -a sample -d 'A sheet of puzzles, or a proof'
complete -c puzzlepress -n "not __fish_seen_subcommand_from $commands" -a preview -d 'Images of pages, cover or listing'
complete -c puzzlepress -n "not __fish_seen_subcommand_from $commands" -a verify -d 'Re-check a manifest and its PDFs'
complete -c puzzlepress -n "not __fish_seen_subcommand_from $commands" -a preflight -d "Check any PDF against KDP's rules"
complete -c puzzlepress -n "not __fish_seen_subcommand_from $commands" -a studio -d 'Edit a spec in the browser'
complete -c puzzlepress -n "not __fish_seen_subcommand_from $commands" -a generate -d 'Generate puzzles of one grade'
complete -c puzzlepress -n "not __fish_seen_subcommand_from $commands" -a solve -d 'Solve puzzles'
complete -c puzzlepress -n "not __fish_seen_subcommand_from $commands" -a grade -d 'Rate puzzles'
complete -c puzzlepress -n "not __fish_seen_subcommand_from $commands" -a bench -d 'Measure generation or a solver'
complete -c puzzlepress -n "not __fish_seen_subcommand_from $commands" -a schema -d 'Print the spec JSON Schema'
complete -c puzzlepress -n "not __fish_seen_subcommand_from $commands" -a catalogue -d "The catalogue of a publisher's books"

set -l layouts 'one-up two-up four-up six-up'
set -l grades 'easy medium hard extreme evil'
set -l sizes '4x4 6x6 8x8 9x9 12x12 16x16'
set -l trims '6x9 8.5x11 8x10 5x8 7x10 a4'

# init
complete -c puzzlepress -n '__fish_seen_subcommand_from init' -F
complete -c puzzlepress -n '__fish_seen_subcommand_from init' -l trim -x -a "$trims" -d 'The book trim'
complete -c puzzlepress -n '__fish_seen_subcommand_from init' -l layout -r -a "$layouts" -d 'Layout preset or file'
complete -c puzzlepress -n '__fish_seen_subcommand_from init' -l kids -d "A children's book: shapes"
complete -c puzzlepress -n '__fish_seen_subcommand_from init' -l large-print -d 'A large-print book'
complete -c puzzlepress -n '__fish_seen_subcommand_from init' -l seed -x -d 'The book seed'
# build
complete -c puzzlepress -n '__fish_seen_subcommand_from build' -F
complete -c puzzlepress -n '__fish_seen_subcommand_from build' -s o -l output -r -d 'PDF to write'
complete -c puzzlepress -n '__fish_seen_subcommand_from build' -l manifest -r -d 'Manifest to write'
complete -c puzzlepress -n '__fish_seen_subcommand_from build' -l cover -r -d 'Cover PDF to write'
complete -c puzzlepress -n '__fish_seen_subcommand_from build' -l allow-trial -d 'Also puzzles that need trial and error'
complete -c puzzlepress -n '__fish_seen_subcommand_from build' -l trim -x -a "$trims" -d 'Re-export at this trim'
complete -c puzzlepress -n '__fish_seen_subcommand_from build' -l bleed -d 'Print with bleed'
complete -c puzzlepress -n '__fish_seen_subcommand_from build' -l no-bleed -d 'Print without bleed'
complete -c puzzlepress -n '__fish_seen_subcommand_from build' -l layout -r -a "$layouts" -d 'Layout preset or file'
complete -c puzzlepress -n '__fish_seen_subcommand_from build' -l grading -x -a 'techniques clues' -d 'Override the grading'
complete -c puzzlepress -n '__fish_seen_subcommand_from build' -l jobs -x -d 'Generation threads'
complete -c puzzlepress -n '__fish_seen_subcommand_from build' -l progress -d 'Progress line even off a terminal'
complete -c puzzlepress -n '__fish_seen_subcommand_from build' -l quiet -d 'No progress line'
complete -c puzzlepress -n '__fish_seen_subcommand_from build' -l json -d 'Build summary as JSON'
complete -c puzzlepress -n '__fish_seen_subcommand_from build' -l catalogue -r -F -d 'Catalogue to build against'
complete -c puzzlepress -n '__fish_seen_subcommand_from build' -l volumes -r -d 'Build these volumes of the series'
# sample
complete -c puzzlepress -n '__fish_seen_subcommand_from sample' -F
complete -c puzzlepress -n '__fish_seen_subcommand_from sample' -l grade -x -a "$grades" -d 'Grades, cycled'
complete -c puzzlepress -n '__fish_seen_subcommand_from sample' -l count -x -d 'How many puzzles'
complete -c puzzlepress -n '__fish_seen_subcommand_from sample' -l per-page -x -a '1 2 3 4 5 6' -d 'Puzzles a page'
complete -c puzzlepress -n '__fish_seen_subcommand_from sample' -l paper -x -a 'letter a4 6x9 8.5x11' -d 'Paper'
complete -c puzzlepress -n '__fish_seen_subcommand_from sample' -l seed -x -d 'Base seed'
complete -c puzzlepress -n '__fish_seen_subcommand_from sample' -l answers -d 'Add the solutions'
complete -c puzzlepress -n '__fish_seen_subcommand_from sample' -l hints -d 'Add a page of hints'
complete -c puzzlepress -n '__fish_seen_subcommand_from sample' -l allow-trial -d 'Also puzzles that need trial and error'
complete -c puzzlepress -n '__fish_seen_subcommand_from sample' -l language -x -a 'en en-GB de fr es it nl pt' -d 'Labels and footer language'
complete -c puzzlepress -n '__fish_seen_subcommand_from sample' -l pages -x -d 'Puzzle pages of a proof'
complete -c puzzlepress -n '__fish_seen_subcommand_from sample' -s o -l output -r -d 'PDF to write'
complete -c puzzlepress -n '__fish_seen_subcommand_from sample' -l progress -d 'Progress line even off a terminal'
complete -c puzzlepress -n '__fish_seen_subcommand_from sample' -l quiet -d 'No progress line'
# preview
complete -c puzzlepress -n '__fish_seen_subcommand_from preview' -F
complete -c puzzlepress -n '__fish_seen_subcommand_from preview' -s o -l output -r -a '(__fish_complete_directories)' -d 'Folder for the images'
complete -c puzzlepress -n '__fish_seen_subcommand_from preview' -l pages -x -d 'Pages, e.g. 1,5,120-124'
complete -c puzzlepress -n '__fish_seen_subcommand_from preview' -l dpi -x -a '72 150 300' -d 'PNG resolution'
complete -c puzzlepress -n '__fish_seen_subcommand_from preview' -l format -x -a 'png svg' -d 'Image format'
complete -c puzzlepress -n '__fish_seen_subcommand_from preview' -l listing -d 'Product listing images'
complete -c puzzlepress -n '__fish_seen_subcommand_from preview' -l trim -x -a "$trims" -d 'Show at this trim'
complete -c puzzlepress -n '__fish_seen_subcommand_from preview' -l layout -r -a "$layouts" -d 'Layout preset or file'
complete -c puzzlepress -n '__fish_seen_subcommand_from preview' -l jobs -x -d 'Generation threads'
# verify
complete -c puzzlepress -n '__fish_seen_subcommand_from verify' -F
complete -c puzzlepress -n '__fish_seen_subcommand_from verify' -l pdf -r -d 'Also check this PDF'
complete -c puzzlepress -n '__fish_seen_subcommand_from verify' -l cover -r -d 'Also check this cover PDF'
# preflight
complete -c puzzlepress -n '__fish_seen_subcommand_from preflight' -F
complete -c puzzlepress -n '__fish_seen_subcommand_from preflight' -l trim -x -a "$trims" -d 'The PDF trim'
complete -c puzzlepress -n '__fish_seen_subcommand_from preflight' -l bleed -d 'Pages printed with bleed'
complete -c puzzlepress -n '__fish_seen_subcommand_from preflight' -l paper -x -a 'white cream' -d 'Paper, for the page-count limit'
# studio
complete -c puzzlepress -n '__fish_seen_subcommand_from studio' -F
complete -c puzzlepress -n '__fish_seen_subcommand_from studio' -l port -x -d 'Port to serve on (0: any free)'
complete -c puzzlepress -n '__fish_seen_subcommand_from studio' -l host -x -a '127.0.0.1 localhost 0.0.0.0' -d 'Address to serve on'
complete -c puzzlepress -n '__fish_seen_subcommand_from studio' -l jobs -x -d 'Generation threads'
# generate
complete -c puzzlepress -n '__fish_seen_subcommand_from generate' -l grade -x -a "$grades" -d 'Grade'
complete -c puzzlepress -n '__fish_seen_subcommand_from generate' -l count -x -d 'How many puzzles'
complete -c puzzlepress -n '__fish_seen_subcommand_from generate' -l seed -x -d 'Base seed'
complete -c puzzlepress -n '__fish_seen_subcommand_from generate' -l symmetry -x -a 'rotational none mirror diagonal' -d 'Symmetry'
complete -c puzzlepress -n '__fish_seen_subcommand_from generate' -l attempts -x -d 'Digs per puzzle'
complete -c puzzlepress -n '__fish_seen_subcommand_from generate' -l grading -x -a 'techniques clues' -d 'Grading'
complete -c puzzlepress -n '__fish_seen_subcommand_from generate' -l allow-trial -d 'Also puzzles logic cannot finish'
complete -c puzzlepress -n '__fish_seen_subcommand_from generate' -l format -x -a 'text csv json' -d 'Output format'
complete -c puzzlepress -n '__fish_seen_subcommand_from generate' -l jobs -x -d 'Worker threads'
complete -c puzzlepress -n '__fish_seen_subcommand_from generate' -l size -x -a "$sizes" -d 'Grid size'
complete -c puzzlepress -n '__fish_seen_subcommand_from generate' -l kind -x -a 'classic x hyper jigsaw killer samurai' -d 'Puzzle kind'
complete -c puzzlepress -n '__fish_seen_subcommand_from generate' -l progress -d 'Progress line even off a terminal'
complete -c puzzlepress -n '__fish_seen_subcommand_from generate' -l quiet -d 'No progress line'
# solve, grade
complete -c puzzlepress -n '__fish_seen_subcommand_from solve grade' -l size -x -a "$sizes" -d 'Grid size'
complete -c puzzlepress -n '__fish_seen_subcommand_from solve' -l kind -x -a 'classic x hyper jigsaw killer samurai' -d 'Kind of puzzles without a prefix'
complete -c puzzlepress -n '__fish_seen_subcommand_from grade' -l kind -x -a 'classic x hyper jigsaw' -d 'Kind of puzzles without a prefix'
complete -c puzzlepress -n '__fish_seen_subcommand_from solve' -l budget -x -d 'Search nodes per puzzle'
complete -c puzzlepress -n '__fish_seen_subcommand_from grade' -l steps -d 'Explain the solve step by step'
# bench
complete -c puzzlepress -n '__fish_seen_subcommand_from bench' -l boards -x -d 'Boards per grade'
complete -c puzzlepress -n '__fish_seen_subcommand_from bench' -l grade -x -a "$grades all" -d 'Grade or all'
complete -c puzzlepress -n '__fish_seen_subcommand_from bench' -l grading -x -a 'clues techniques both' -d 'Tables'
complete -c puzzlepress -n '__fish_seen_subcommand_from bench' -l dataset -r -F -d 'Puzzle file'
complete -c puzzlepress -n '__fish_seen_subcommand_from bench' -l rate -d 'Also grade every puzzle'
complete -c puzzlepress -n '__fish_seen_subcommand_from bench' -l column -x -d 'Rating column'
complete -c puzzlepress -n '__fish_seen_subcommand_from bench' -l rounds -x -d 'Passes over the file'
complete -c puzzlepress -n '__fish_seen_subcommand_from bench' -l compare -x -d 'Command to run side by side'
complete -c puzzlepress -n '__fish_seen_subcommand_from bench' -l cpu-time -d 'Time with the CPU clock'
complete -c puzzlepress -n '__fish_seen_subcommand_from bench' -l reference -r -F -d 'seed-engine.mjs'
complete -c puzzlepress -n '__fish_seen_subcommand_from bench' -l book -r -F -d 'Time build SPEC beside the reference'
complete -c puzzlepress -n '__fish_seen_subcommand_from bench' -l against -r -F -d 'Another puzzlepress to time side by side'
complete -c puzzlepress -n '__fish_seen_subcommand_from bench' -l against-node -r -F -d 'Folder holding node_modules/killer-sudoku-generator'
complete -c puzzlepress -n '__fish_seen_subcommand_from bench' -l canonical -d 'Time canonical forms beside generation'
complete -c puzzlepress -n '__fish_seen_subcommand_from bench' -l node -x -a '(__fish_complete_command)' -d 'node executable'
complete -c puzzlepress -n '__fish_seen_subcommand_from bench' -l preview -r -F -d 'Time previews of this spec'
complete -c puzzlepress -n '__fish_seen_subcommand_from bench' -l size -x -a '4x4 6x6 8x8 12x12 16x16 all' -d 'Sizes'
complete -c puzzlepress -n '__fish_seen_subcommand_from bench' -l kind -x -a 'x hyper jigsaw all killer samurai' -d 'Variant kinds beside classic, or killer'
complete -c puzzlepress -n "__fish_seen_subcommand_from $commands" -l help -d 'Print help'
complete -c puzzlepress -n '__fish_seen_subcommand_from catalogue' -a 'add check find list remove stats' -d 'Catalogue action'
complete -c puzzlepress -n '__fish_seen_subcommand_from catalogue' -l catalogue -r -F -d 'The catalogue file'
complete -c puzzlepress -n '__fish_seen_subcommand_from catalogue' -l json -d 'Print JSON'
complete -c puzzlepress -n '__fish_seen_subcommand_from catalogue' -l jobs -r -d 'Threads'
complete -c puzzlepress -n '__fish_seen_subcommand_from catalogue' -l edition -r -d 'That edition only'
complete -c puzzlepress -n '__fish_seen_subcommand_from catalogue' -l seed -r -d 'The book of that seed'
complete -c puzzlepress -n '__fish_seen_subcommand_from catalogue' -l dry-run -d 'Print what would go, change nothing'
