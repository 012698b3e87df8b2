#include "cli/app.h"

int main(int argc, char** argv) { return puzzlepress::cli::run(argc, argv); }
