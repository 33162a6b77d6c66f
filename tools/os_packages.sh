#!/usr/bin/env bash
# Sourced by the test scripts: ge_require_os_packages makes sure the OS packages the C++ test
# layer needs are present (GoogleTest and GoogleMock, which have no PyPI distribution). It
# installs them with apt-get when this shell may (root, or sudo without a password), and
# otherwise stops with the command to run.

ge_gtest_present() {
  [ -f /usr/include/gtest/gtest.h ] && [ -f /usr/include/gmock/gmock.h ] || return 1
  local config
  for config in /usr/lib/*/cmake/GTest/GTestConfig.cmake /usr/lib/cmake/GTest/GTestConfig.cmake; do
    [ -f "$config" ] && return 0
  done
  return 1
}

ge_require_os_packages() {
  local packages="libgtest-dev libgmock-dev"
  if ! command -v c++ >/dev/null 2>&1; then
    packages="$packages g++"
  elif ge_gtest_present; then
    return 0
  fi
  local runner=""
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
      runner="sudo"
    else
      echo "error: the C++ tests need GoogleTest; install it first: sudo apt-get install $packages" >&2
      return 1
    fi
  fi
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "error: the C++ tests need GoogleTest (packages like $packages) and this system has no apt-get" >&2
    return 1
  fi
  echo "installing OS packages: $packages" >&2
  $runner env DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
  # shellcheck disable=SC2086
  $runner env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $packages >/dev/null
}
