// The atc executable: all logic lives in libge_compiler.so (AtcMain), shared with pyatc.
#include "tools/atc_main.h"

int main(int argc, char **argv) { return ge::AtcMain(argc, argv); }
