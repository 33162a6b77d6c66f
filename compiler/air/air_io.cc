#include "air/air_io.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string_view>

#include "air/model_def_reader.h"
#include "air/model_def_writer.h"
#include "common/error.h"

namespace ge {
namespace {

// protobuf refuses messages of 2 GB or more; GE inherits the limit.
constexpr uint64_t kMaxModelBytes = (1ULL << 31) - 1;

std::string ErrnoText() { return std::strerror(errno); }

std::string DirName(const std::string &path) {
  const size_t slash = path.rfind('/');
  if (slash == std::string::npos) {
    return ".";
  }
  return slash == 0 ? "/" : path.substr(0, slash);
}

/// mkdir -p; existing directories are fine.
Status MakeDirs(const std::string &dir) {
  if (dir.empty() || dir == "." || dir == "/") {
    return SUCCESS;
  }
  struct stat st {};
  if (stat(dir.c_str(), &st) == 0) {
    return S_ISDIR(st.st_mode) ? SUCCESS : Fail("'" + dir + "' exists and is not a directory");
  }
  if (MakeDirs(DirName(dir)) != SUCCESS) {
    return FAILED;
  }
  if (mkdir(dir.c_str(), 0750) != 0 && errno != EEXIST) {
    return Fail("cannot create directory '" + dir + "': " + ErrnoText());
  }
  return SUCCESS;
}

std::string ResolveSavePath(const std::string &path) {
  if (path.find('/') != std::string::npos) {
    return path;
  }
  const char *work = std::getenv("ASCEND_WORK_PATH");
  if (work != nullptr && *work != '\0') {
    std::string dir(work);
    return dir.back() == '/' ? dir + path : dir + "/" + path;
  }
  return "./" + path;
}

Status WriteAll(int fd, const std::string &bytes, const std::string &path) {
  size_t written = 0;
  while (written < bytes.size()) {
    const ssize_t n = write(fd, bytes.data() + written, bytes.size() - written);
    if (n < 0) {
      if (errno == EINTR) {
        continue;
      }
      return Fail("cannot write '" + path + "': " + ErrnoText());
    }
    written += static_cast<size_t>(n);
  }
  return SUCCESS;
}

/// The model's bytes into the new file `fd`: streamed (no buffer of the file's size), or, in
/// the rare case the stream's length prediction misses, serialized in memory and written again.
Status WriteModelFile(const ComputeGraph &graph, int fd, const std::string &path) {
  bool retry = false;
  if (StreamModelDefToFile(graph, fd, path, &retry) != SUCCESS) {
    return FAILED;
  }
  if (!retry) {
    return SUCCESS;
  }
  if (ftruncate(fd, 0) != 0 || lseek(fd, 0, SEEK_SET) != 0) {
    return Fail("cannot rewrite '" + path + "': " + ErrnoText());
  }
  std::string bytes;
  if (SerializeModelDef(graph, ModelDefWriteOptions{}, &bytes) != SUCCESS) {
    return FAILED;
  }
  if (bytes.size() > kMaxModelBytes) {
    return Fail("graph '" + graph.GetName() + "' serializes to " + std::to_string(bytes.size()) +
                " bytes, over the 2 GB limit of an AIR file");
  }
  return WriteAll(fd, bytes, path);
}

}  // namespace

Status SerializeGraphToModelDef(const ComputeGraphPtr &graph, std::string *bytes) {
  if (graph == nullptr) {
    return Fail("SerializeGraphToModelDef: graph is null");
  }
  return SerializeModelDef(*graph, ModelDefWriteOptions{}, bytes);
}

Status ParseModelDef(const std::string &bytes, const std::string &source_name,
                     ComputeGraphPtr *graph) {
  return ParseModelDefBytes(bytes, source_name.empty() ? "<memory>" : source_name, "", graph);
}

Status SaveGraphToAir(const ComputeGraphPtr &graph, const std::string &path) {
  if (graph == nullptr) {
    return Fail("SaveGraphToAir: graph is null");
  }
  if (path.empty()) {
    return Fail("SaveGraphToAir: the AIR file path is empty");
  }
  const std::string target = ResolveSavePath(path);
  if (MakeDirs(DirName(target)) != SUCCESS) {
    AppendLastError("AIR file '" + target + "' not written");
    return FAILED;
  }
  // Write a temporary file and rename it over the target: the rename replaces an existing AIR
  // even when that file is read-only (0400, as we create it), and readers never see half a file.
  static std::atomic<uint64_t> counter{0};
  const std::string temp =
      target + ".tmp." + std::to_string(getpid()) + "." + std::to_string(counter.fetch_add(1));
  const int fd = open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd < 0) {
    return Fail("cannot create '" + temp + "' for AIR file '" + target + "': " + ErrnoText());
  }
  Status status = WriteModelFile(*graph, fd, temp);
  if (status != SUCCESS) {
    AppendLastError("AIR file '" + target + "' not written");
  }
  if (status == SUCCESS && fchmod(fd, 0400) != 0) {
    status = Fail("cannot set mode 0400 on '" + temp + "': " + ErrnoText());
  }
  if (close(fd) != 0 && status == SUCCESS) {
    status = Fail("cannot close '" + temp + "': " + ErrnoText());
  }
  if (status == SUCCESS && rename(temp.c_str(), target.c_str()) != 0) {
    status = Fail("cannot replace AIR file '" + target + "': " + ErrnoText());
  }
  if (status != SUCCESS) {
    unlink(temp.c_str());
  }
  return status;
}

Status LoadGraphFromAir(const std::string &path, ComputeGraphPtr *graph) {
  if (graph == nullptr) {
    return Fail("LoadGraphFromAir: output graph pointer is null");
  }
  if (path.empty()) {
    return Fail("LoadGraphFromAir: the AIR file path is empty");
  }
  const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    return Fail("cannot open AIR file '" + path + "': " + ErrnoText());
  }
  struct stat st {};
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    close(fd);
    return Fail("AIR file '" + path + "' is not a regular file");
  }
  if (static_cast<uint64_t>(st.st_size) > kMaxModelBytes) {
    close(fd);
    return Fail("AIR file '" + path + "' has " + std::to_string(st.st_size) +
                " bytes, over the 2 GB limit");
  }
  const size_t size = static_cast<size_t>(st.st_size);
  // Parse straight from the page cache: a private read-only mapping adds no memory of its own,
  // while read() into a buffer first-touches a fresh page per 4 KB of file, which is the main
  // cost of loading a large model on this kind of machine. Sub-messages are parsed in place.
  // Our writer (and GE's) replaces files by creating new ones, so a mapped file is not
  // truncated under us; should another program truncate it mid-load, the process gets SIGBUS,
  // as with other mmap-based readers.
  if (size != 0) {
    void *mapped = mmap(nullptr, size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
    if (mapped != MAP_FAILED) {
      close(fd);
      const Status status = ParseModelDefBytes(
          std::string_view(static_cast<const char *>(mapped), size), path, DirName(path), graph);
      munmap(mapped, size);
      return status;
    }
  }
  // Fallback (a file system without mmap, or an empty file): one uninitialised buffer.
  std::unique_ptr<char[]> bytes(new char[size == 0 ? 1 : size]);
  size_t done = 0;
  while (done < size) {
    const ssize_t n = read(fd, bytes.get() + done, size - done);
    if (n < 0 && errno == EINTR) {
      continue;
    }
    if (n <= 0) {
      const std::string reason = n < 0 ? ErrnoText() : "file shrank while reading";
      close(fd);
      return Fail("cannot read AIR file '" + path + "': " + reason);
    }
    done += static_cast<size_t>(n);
  }
  close(fd);
  return ParseModelDefBytes(std::string_view(bytes.get(), size), path, DirName(path), graph);
}

}  // namespace ge
