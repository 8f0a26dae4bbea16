package solve

import "github.com/tumble-physics/tumble/contact/internal/unionfind"

// islands groups a solve's manifolds by the island of moving bodies they join, each group
// in wave order (waves.go), which the same sweeps give whatever order the manifolds lie in:
// the exact stage solves each island on its own.
type islands struct {
	sets  unionfind.Sets // the bodies' islands (a body the solve does not move joins nothing)
	id    []int32        // per root body: its island, −1 before it is numbered
	of    []int32        // per manifold: its island, −1 for one that moves no body
	start []int32        // per island: where its manifolds begin in list
	list  []int32        // the manifolds, island after island
	fill  []int32        // per island: where its next manifold goes in list
}

// find groups the manifolds of c's last solve.
func (is *islands) find(c *Contacts) {
	is.sets.Reset(len(c.bodies))
	for k := range c.cons {
		if con := &c.cons[k]; con.moveA && con.moveB {
			is.sets.Join(con.a, con.b)
		}
	}
	// Number the islands in the order of their first manifold, counting their manifolds.
	is.id = resizeInt32(is.id, len(c.bodies), -1)
	is.of = resizeInt32(is.of, len(c.cons), -1)
	is.start = is.start[:0]
	c.waves.build(c)
	for _, k := range c.waves.list {
		con := &c.cons[k]
		b := con.a
		if !con.moveA {
			if b = con.b; !con.moveB {
				continue
			}
		}
		r := is.sets.Root(b)
		if is.id[r] < 0 {
			is.id[r] = int32(len(is.start))
			is.start = append(is.start, 0)
		}
		is.of[k] = is.id[r]
		is.start[is.id[r]]++
	}
	at := int32(0)
	for i, n := range is.start {
		is.start[i] = at
		at += n
	}
	is.start = append(is.start, at)
	is.list = resizeInt32(is.list, int(at), 0)
	is.fill = append(is.fill[:0], is.start...)
	for _, k := range c.waves.list {
		if id := is.of[k]; id >= 0 {
			is.list[is.fill[id]] = k
			is.fill[id]++
		}
	}
}

// count returns the number of islands.
func (is *islands) count() int { return len(is.start) - 1 }

// members returns island i's manifolds in wave order.
func (is *islands) members(i int) []int32 { return is.list[is.start[i]:is.start[i+1]] }

// resizeInt32 returns s with length n, every element v.
func resizeInt32(s []int32, n int, v int32) []int32 {
	if cap(s) < n {
		s = make([]int32, n)
	}
	s = s[:n]
	for i := range s {
		s[i] = v
	}
	return s
}
