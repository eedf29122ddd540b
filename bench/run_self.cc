//===- run_self.cc - A benchmark's binary, run again ----------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "bench/run_self.h"

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

extern char **environ;

namespace offload::bench {
namespace {

/// The name of an environment entry (NAME=value), or the entry itself if it
/// is a name alone.
std::string NameOf(const std::string &entry) {
  return entry.substr(0, entry.find('='));
}

[[noreturn]] void Fail(const char *what, int error) {
  std::fprintf(stderr, "%s: cannot run itself again: %s: %s\n",
               program_invocation_short_name, what, std::strerror(error));
  std::exit(1);
}

} // namespace

int RunSelf(const std::vector<std::string> &args,
            const std::vector<std::string> &env, std::string &out) {
  std::vector<std::string> entries;
  for (char **entry = environ; *entry; ++entry) {
    std::string name = NameOf(*entry);
    bool replaced = false;
    for (const std::string &set : env)
      replaced |= NameOf(set) == name;
    if (!replaced)
      entries.push_back(*entry);
  }
  for (const std::string &set : env)
    if (set.find('=') != std::string::npos)
      entries.push_back(set);
  std::string self = "/proc/self/exe";
  std::vector<char *> argv{self.data()}, envp;
  for (const std::string &arg : args)
    argv.push_back(const_cast<char *>(arg.c_str()));
  argv.push_back(nullptr);
  for (std::string &entry : entries)
    envp.push_back(entry.data());
  envp.push_back(nullptr);

  int pipeFds[2];
  if (pipe(pipeFds) != 0)
    Fail("pipe", errno);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, pipeFds[1], STDOUT_FILENO);
  posix_spawn_file_actions_addclose(&actions, pipeFds[0]);
  posix_spawn_file_actions_addclose(&actions, pipeFds[1]);
  pid_t pid;
  int error = posix_spawn(&pid, self.c_str(), &actions, nullptr, argv.data(),
                          envp.data());
  posix_spawn_file_actions_destroy(&actions);
  close(pipeFds[1]);
  if (error) {
    close(pipeFds[0]);
    Fail("posix_spawn", error);
  }
  out.clear();
  char chunk[4096];
  for (;;) {
    ssize_t got = read(pipeFds[0], chunk, sizeof(chunk));
    if (got > 0)
      out.append(chunk, size_t(got));
    else if (got == 0 || errno != EINTR)
      break;
  }
  close(pipeFds[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR)
      Fail("waitpid", errno);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

} // namespace offload::bench
