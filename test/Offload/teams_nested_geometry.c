// num_teams and thread_limit on a teams construct nested in a target
// construct (not combined) bound the league the region runs with, as on a
// combined construct: values from variables, evaluated before the region.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
// RUN: env LIBOMPTARGET_INFO=1 OMP_TARGET_OFFLOAD=MANDATORY %t 2>&1 | FileCheck %s --check-prefix=INFO
// INFO: launch kernel '{{.*}}' on device 0 (num_teams 4, thread_limit 3,
// INFO: launch kernel '{{.*}}' on device 0 (num_teams 2, thread_limit 0,
#include <omp.h>
#include <stdio.h>

int main(void) {
  int Want = 4, Limit = 3;
  int Teams = -1, Threads = -1, Count = 0, OnDev = 0;
#pragma omp target map(tofrom : Teams, Threads, Count, OnDev)
  {
#pragma omp teams num_teams(Want) thread_limit(Limit)
    {
      if (omp_get_team_num() == 0) {
        Teams = omp_get_num_teams();
        OnDev = !omp_is_initial_device();
      }
#pragma omp atomic
      Count++;
#pragma omp parallel
      if (omp_get_team_num() == 0 && omp_get_thread_num() == 0)
        Threads = omp_get_num_threads();
    }
  }
  // CHECK: teams ok 1, threads ok 1, every team counted 1, on-device 1
  printf("teams ok %d, threads ok %d, every team counted %d, on-device %d\n",
         Teams >= 1 && Teams <= Want, Threads >= 1 && Threads <= Limit,
         Count == Teams, OnDev);

  int Two = -1;
  OnDev = 0;
#pragma omp target map(from : Two, OnDev)
#pragma omp teams num_teams(2)
  if (omp_get_team_num() == 0) {
    Two = omp_get_num_teams();
    OnDev = !omp_is_initial_device();
  }
  // CHECK: literal ok 1 on-device 1
  printf("literal ok %d on-device %d\n", Two >= 1 && Two <= 2, OnDev);
  return 0;
}
