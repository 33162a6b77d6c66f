// GeApiWrapper_Atc_Main: the pyatc entry.
#include <exception>
#include <string>
#include <vector>

#include "common/error.h"
#include "ge/c_api/atc.h"
#include "tools/atc_main.h"

extern "C" int GeApiWrapper_Atc_Main(int argc, const char **argv) {
  if (argc <= 0 || argv == nullptr) {
    return 1;
  }
  try {
    // Work on copies: the caller's buffers (ctypes) are only guaranteed for the call.
    std::vector<std::string> args;
    for (int i = 0; i < argc; ++i) {
      if (argv[i] == nullptr) {
        return 1;
      }
      args.emplace_back(argv[i]);
    }
    std::vector<const char *> pointers;
    for (const std::string &arg : args) {
      pointers.push_back(arg.c_str());
    }
    pointers.push_back(nullptr);
    return ge::AtcMain(argc, pointers.data());
  } catch (const std::exception &e) {
    ge::SetLastError(std::string("GeApiWrapper_Atc_Main: ") + e.what());
    return -1;
  } catch (...) {
    ge::SetLastError("GeApiWrapper_Atc_Main: unknown exception");
    return -1;
  }
}
