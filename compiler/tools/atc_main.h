// The ATC main routine shared by the atc executable and pyatc (GeApiWrapper_Atc_Main, declared in
// ge/c_api/atc.h).
#ifndef GE_TOOLS_ATC_MAIN_H_
#define GE_TOOLS_ATC_MAIN_H_

namespace ge {

/// Runs atc with `argv` (argv[0] selects the usage command: atc, pyatc, python3 -m ge.pyatc).
/// Prints progress and results to stdout, flag errors to stderr. Returns 0 on success (also for
/// --help) and -1 on any failure (exit status 255). Not re-entrant.
int AtcMain(int argc, const char *const *argv);

}  // namespace ge

#endif  // GE_TOOLS_ATC_MAIN_H_
