"""The articles' Signal engine written plainly, as an oracle for the fast one.

Lists of masks per cell, full sweeps, copies at every search node: the code
the articles print, in Python, with nothing clever. Tests pin
``gridlogic.signal`` to it on random boards; it is not part of the product.
"""

import math

BITS = [1, 2, 4, 8]


def rotate(m):
    return ((m << 1) & 15) | (m >> 3)


def variants(m):
    out = []
    for _ in range(4):
        if m not in out:
            out.append(m)
        m = rotate(m)
    return out


def neighbor(i, d, n):
    r, c = divmod(i, n)
    return [i - n if r > 0 else -1, i + 1 if c < n - 1 else -1, i + n if r < n - 1 else -1, i - 1 if c > 0 else -1][d]


def connected(board, n):
    seen, queue = {0}, [0]
    for i in queue:
        for d in range(4):
            if board[i] & BITS[d]:
                j = neighbor(i, d, n)
                if j >= 0 and j not in seen:
                    seen.add(j)
                    queue.append(j)
    return seen


def is_solved(board, n):
    edges = 0
    for i in range(len(board)):
        for d in range(4):
            j, has = neighbor(i, d, n), bool(board[i] & BITS[d])
            if has and (j < 0 or not board[j] & BITS[(d + 2) % 4]):
                return False
            edges += has
    return edges / 2 == len(board) - 1 and len(connected(board, n)) == len(board)


def consistent(domains, i, mask, n):
    for d, bit in enumerate(BITS):
        j = neighbor(i, d, n)
        if j < 0:
            if mask & bit:
                return False
        elif not any(bool(mask & bit) == bool(o & BITS[(d + 2) % 4]) for o in domains[j]):
            return False
    return True


def propagate(domains, n):
    domains = [list(a) for a in domains]
    changed, rounds = True, 0
    while changed:
        changed = False
        rounds += 1
        for i in range(len(domains)):
            kept = [m for m in domains[i] if consistent(domains, i, m, n)]
            if not kept:
                return domains, False, rounds
            if len(kept) != len(domains[i]):
                changed = True
            domains[i] = kept
    return domains, True, rounds


def mrv(domains):
    choice = -1
    for i, a in enumerate(domains):
        if len(a) > 1 and (choice < 0 or len(a) < len(domains[choice])):
            choice = i
    return choice


def solve(board, n, node_limit=30000):
    initial, valid, rounds = propagate([variants(m) for m in board], n)
    solutions, state = [], {"nodes": 0, "truncated": False}

    def visit(domains):
        if len(solutions) >= 2 or state["truncated"]:
            return
        state["nodes"] += 1
        if state["nodes"] > node_limit:
            state["truncated"] = True
            return
        domains, ok, _ = propagate(domains, n)
        if not ok:
            return
        choice = mrv(domains)
        if choice < 0:
            answer = [a[0] for a in domains]
            if is_solved(answer, n):
                solutions.append(answer)
            return
        for v in domains[choice]:
            visit([[v] if k == choice else a for k, a in enumerate(domains)])

    if valid:
        visit(initial)
    return {"solutions": solutions, "nodes": state["nodes"], "truncated": state["truncated"],
            "deduction": sum(1 for a in initial if len(a) == 1), "rounds": rounds}


def graph_conflict(domains, n):
    if any(not a for a in domains):
        return True
    parent = list(range(len(domains)))
    possible = [[] for _ in domains]

    def find(i):
        while parent[i] != i:
            i = parent[i]
        return i

    for i in range(len(domains)):
        for d in (1, 2):
            j = neighbor(i, d, n)
            if j < 0:
                continue
            bit, back = BITS[d], BITS[(d + 2) % 4]
            if any(v & bit for v in domains[i]) and any(v & back for v in domains[j]):
                possible[i].append(j)
                possible[j].append(i)
            if all(v & bit for v in domains[i]) and all(v & back for v in domains[j]):
                a, b = find(i), find(j)
                if a == b:
                    return True
                parent[a] = b
    seen, queue = {0}, [0]
    for i in queue:
        for j in possible[i]:
            if j not in seen:
                seen.add(j)
                queue.append(j)
    return len(seen) != len(domains)


def local_fix(domains, n):
    rounds = 0
    while True:
        nxt = [list(a) for a in domains]
        changed = False
        for i in range(len(nxt)):
            kept = [m for m in nxt[i] if consistent(nxt, i, m, n)]
            if len(kept) != len(nxt[i]):
                changed = True
            nxt[i] = kept
        valid = all(nxt)
        if not changed:
            return nxt, rounds, valid
        rounds += 1
        domains = nxt
        if not valid:
            return nxt, rounds, False


def analyze_difficulty(board, n):
    boundary = [[v for v in variants(m) if all(neighbor(i, d, n) >= 0 or not v & BITS[d] for d in range(4))]
                for i, m in enumerate(board)]
    boundary_fixed = sum(1 for a in boundary if len(a) == 1)
    local, local_rounds, _ = local_fix(boundary, n)
    local_fixed = sum(1 for a in local if len(a) == 1)
    domains, global_rounds = local, 0
    for _ in range(len(board) * 4):
        if all(len(a) == 1 for a in domains):
            break
        nxt, changed = [list(a) for a in domains], False
        for i in range(len(nxt)):
            if len(nxt[i]) < 2:
                continue
            kept = [v for v in nxt[i] if not graph_conflict([[v] if k == i else a for k, a in enumerate(nxt)], n)]
            if len(kept) != len(nxt[i]):
                changed, nxt[i] = True, kept
        if not changed:
            break
        global_rounds += 1
        domains = local_fix(nxt, n)[0]
    needs_search = any(len(a) > 1 for a in domains)
    s = {"max_depth": 0, "decisions": 0, "nodes": 0, "truncated": False, "found": not needs_search}

    def search(domains, depth):
        if s["found"] or s["truncated"]:
            return
        s["nodes"] += 1
        if s["nodes"] > 5000:
            s["truncated"] = True
            return
        domains, ok, _ = propagate(domains, n)
        if not ok or graph_conflict(domains, n):
            return
        choice = mrv(domains)
        if choice < 0:
            if is_solved([a[0] for a in domains], n):
                s["found"] = True
            return
        s["decisions"] += 1
        s["max_depth"] = max(s["max_depth"], depth + 1)
        for v in domains[choice]:
            search([[v] if k == choice else a for k, a in enumerate(domains)], depth + 1)

    if needs_search:
        search(domains, 0)
    remaining = sum(1 for a in local if len(a) > 1)
    open_cells, seen, largest = [len(a) > 1 for a in local], set(), 0
    for start in range(len(local)):
        if open_cells[start] and start not in seen:
            queue = [start]
            seen.add(start)
            for i in queue:
                for d in range(4):
                    j = neighbor(i, d, n)
                    if j >= 0 and open_cells[j] and j not in seen:
                        seen.add(j)
                        queue.append(j)
            largest = max(largest, len(queue))
    substantial = remaining >= max(8, math.ceil(len(board) * 0.3)) and largest >= 6
    demanding = global_rounds >= 2 or (s["max_depth"] >= 2 and s["decisions"] >= 2)
    if s["truncated"] or (needs_search and not s["found"]):
        level = "unrated"
    elif substantial and demanding:
        level = "hard"
    elif not needs_search and not global_rounds and local_rounds <= 8 and boundary_fixed / len(board) >= 0.2:
        level = "easy"
    else:
        level = "medium"
    return {"level": level, "boundaryFixed": boundary_fixed, "localFixed": local_fixed, "localRounds": local_rounds,
            "globalRounds": global_rounds, "needsSearch": needs_search, "maxDepth": s["max_depth"],
            "decisionPoints": s["decisions"], "remaining": remaining, "largestRegion": largest}
