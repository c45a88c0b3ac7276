//===- Environment.cpp - Reading the runtime's environment
//-----------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "Environment.h"

#include <cctype>
#include <cerrno>
#include <cstdlib>

using namespace cot;

EnvValue cot::readEnvInteger(const char *Name, int64_t Min, int64_t Max,
                             int64_t &Out) {
  const char *S = getenv(Name);
  if (!S)
    return EnvValue::Unset;
  while (isspace((unsigned char)*S))
    ++S;
  if (!isdigit((unsigned char)*S) && *S != '-')
    return EnvValue::Invalid;
  char *End;
  errno = 0;
  long long V = strtoll(S, &End, 10);
  if (End == S || errno != 0)
    return EnvValue::Invalid;
  while (isspace((unsigned char)*End))
    ++End;
  if (*End || V < Min || V > Max)
    return EnvValue::Invalid;
  Out = V;
  return EnvValue::Valid;
}

bool cot::equalsIgnoringCase(const char *S, const char *Lower) {
  for (; *S && *Lower; ++S, ++Lower)
    if (tolower((unsigned char)*S) != *Lower)
      return false;
  return !*S && !*Lower;
}

int cot::infoLevel() {
  static const int Level = [] {
    int64_t V = 0;
    // -1, as upstream, asks for everything; so does any other non-zero.
    return readEnvInteger("LIBOMPTARGET_INFO", -1, INT32_MAX, V) ==
                   EnvValue::Valid
               ? (int)V
               : 0;
  }();
  return Level;
}

int cot::debugLevel() {
  static const int Level = [] {
    int64_t V = 0;
    return readEnvInteger("LIBOMPTARGET_DEBUG", 0, INT32_MAX, V) ==
                   EnvValue::Valid
               ? (int)V
               : 0;
  }();
  return Level;
}
