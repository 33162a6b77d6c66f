// python_pass_rounds: repeated load/compile/unload rounds of Python passes in one native process,
// for sanitizer runs (tools/run_python_pass_rounds_asan.py, docs/python_passes.md §7).
//
// Usage: python_pass_rounds <rounds> <model.onnx> <output prefix>
// Every round is one in-process atc compile (GeApiWrapper_Atc_Main): pass plugins are loaded
// (the bridge starts the interpreter in the first round and keeps it), the model is compiled with
// the passes of ASCEND_GE_PY_PASS_PATH, and the plugins are unloaded (Python pass state reset).
// The interpreter is finalised at exit, as in native atc. Prints "RSS <round> <kB>" after rounds 1,
// 50 and the last, and "ROUNDS OK <n>" when every compile succeeded; exits non-zero otherwise.
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "ge/c_api/atc.h"

namespace {

long ResidentKb() {
  FILE *statm = std::fopen("/proc/self/statm", "r");
  if (statm == nullptr) {
    return -1;
  }
  long size = 0;
  long resident = 0;
  const int read = std::fscanf(statm, "%ld %ld", &size, &resident);
  (void)std::fclose(statm);
  return read == 2 ? resident * (sysconf(_SC_PAGESIZE) / 1024) : -1;
}

}  // namespace

int main(int argc, char **argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: %s <rounds> <model.onnx> <output prefix>\n", argv[0]);
    return 2;
  }
  char *end = nullptr;
  const long rounds = std::strtol(argv[1], &end, 10);
  if (end == argv[1] || *end != '\0' || rounds <= 0) {
    std::fprintf(stderr, "rounds must be a positive integer, got '%s'\n", argv[1]);
    return 2;
  }
  const std::string model = std::string("--model=") + argv[2];
  const std::string output = std::string("--output=") + argv[3];
  const char *args[] = {"atc", model.c_str(), "--framework=5", "--soc_version=Ascend910B1",
                        output.c_str()};
  for (long round = 1; round <= rounds; ++round) {
    const int status = GeApiWrapper_Atc_Main(5, args);
    if (status != 0) {
      std::fprintf(stderr, "round %ld failed with status %d\n", round, status);
      return 1;
    }
    if (round == 1 || round == 50 || round == rounds) {
      std::printf("RSS %ld %ld\n", round, ResidentKb());
      std::fflush(stdout);
    }
  }
  std::printf("ROUNDS OK %ld\n", rounds);
  return 0;
}
