// The pyatc entry of the C API (GE's pyatc library): atc run in the calling process.
// Defined in compiler/tools/atc_c_api.cc.
#ifndef GE_C_API_ATC_H_
#define GE_C_API_ATC_H_

#ifdef __cplusplus
extern "C" {
#endif

/// Runs atc on copies of argv[argc] (argv[0] names the command in the usage text). Returns 0 on
/// success, -1 on failure and 1 for argc <= 0 or a NULL argv or element. Not re-entrant.
int GeApiWrapper_Atc_Main(int argc, const char **argv);

#ifdef __cplusplus
}  // extern "C"
#endif

#endif  // GE_C_API_ATC_H_
