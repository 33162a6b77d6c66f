// The ATC main routine shared by the atc executable and pyatc (GeApiWrapper_Atc_Main).
#ifndef GE_TOOLS_ATC_MAIN_H_
#define GE_TOOLS_ATC_MAIN_H_

namespace ge {

/// Runs atc with `argv` (argv[0] selects the usage command: atc, pyatc, python3 -m ge.pyatc).
/// Prints progress and results to stdout, flag errors to stderr. Returns 0 on success (also for
/// --help) and -1 on any failure (exit status 255). Not re-entrant.
int AtcMain(int argc, const char *const *argv);

}  // namespace ge

extern "C" {
/// C entry for pyatc: returns 1 for argc <= 0 or a NULL argv / element, else
/// AtcMain on copies of the strings. No exception crosses this boundary.
int GeApiWrapper_Atc_Main(int argc, const char **argv);
}

#endif  // GE_TOOLS_ATC_MAIN_H_
