#!/usr/bin/env python3
"""Checks the layering of the compiler libraries under a clang/ tree.

Each clang/lib/<Dir> is a library cot<Dir> whose CMakeLists.txt declares
what it links (target_link_libraries). The links must form no cycle, and
every `#include "clang-offload/<Dir>/..."` in a library's sources or public
headers must name the library itself or one it reaches through its links.
Prints one line per violation and exits 1 if there is any.
"""
import os
import re
import sys


def declared_links(lib_dir):
    """Library name -> the cot libraries its CMakeLists links."""
    links = {}
    for entry in sorted(os.listdir(lib_dir)):
        cmake = os.path.join(lib_dir, entry, "CMakeLists.txt")
        if not os.path.isfile(cmake):
            continue
        text = open(cmake).read()
        name = "cot" + entry
        deps = set()
        for call in re.findall(r"target_link_libraries\(([^)]*)\)", text):
            words = call.split()
            if words and words[0] == name:
                deps.update(w for w in words[1:] if w.startswith("cot"))
        links[name] = deps
    return links


def find_cycle(links):
    """A list of libraries that form a cycle, or None."""
    state = {}

    def visit(lib, path):
        state[lib] = "open"
        for dep in sorted(links.get(lib, ())):
            if state.get(dep) == "open":
                return path[path.index(dep):] + [dep]
            if dep not in state:
                cycle = visit(dep, path + [dep])
                if cycle:
                    return cycle
        state[lib] = "done"
        return None

    for lib in sorted(links):
        if lib not in state:
            cycle = visit(lib, [lib])
            if cycle:
                return cycle
    return None


def reachable(links, lib):
    seen, todo = {lib}, [lib]
    while todo:
        for dep in links.get(todo.pop(), ()):
            if dep not in seen:
                seen.add(dep)
                todo.append(dep)
    return seen


def sources_of(root, lib_name):
    """The files of a library: clang/lib/<Dir> and its public headers."""
    dir_name = lib_name[len("cot"):]
    for base in (os.path.join(root, "lib", dir_name),
                 os.path.join(root, "include", "clang-offload", dir_name)):
        for dirpath, _, files in os.walk(base):
            for f in sorted(files):
                if f.endswith((".cpp", ".h")):
                    yield os.path.join(dirpath, f)


def main():
    root = sys.argv[1]
    links = declared_links(os.path.join(root, "lib"))
    problems = []
    cycle = find_cycle(links)
    if cycle:
        problems.append("cycle: " + " -> ".join(cycle))
    for lib in sorted(links):
        allowed = reachable(links, lib)
        for path in sources_of(root, lib):
            for num, line in enumerate(open(path), 1):
                m = re.match(r'#include "(clang-offload/(\w+)/[^"]+)"', line)
                if not m:
                    continue
                target = "cot" + m.group(2)
                if target in links and target not in allowed:
                    rel = os.path.relpath(path, root)
                    problems.append(f"{rel}:{num}: {lib} includes "
                                    f"{m.group(1)} but does not link {target}")
    for p in problems:
        print(p)
    if problems:
        return 1
    print(f"layering: {len(links)} libraries, no cycle, no undeclared include")
    return 0


if __name__ == "__main__":
    sys.exit(main())
