// Package scenegen writes the built-in 3D scenes too large to write by hand, pile1000,
// heap2000 and large_pyramid, byte for byte the same on every platform: data/scenes holds
// what it writes (`go generate ./data` runs data/internal/scenegen), and `tumble sim --seed`
// writes pile1000 and heap2000 again with other random numbers. Like package data, it imports nothing of Tumble's.
package scenegen

import (
	"maps"
	"slices"
)

// generators are the generated scenes: the name (the file name without .xml), whether the
// scene draws random numbers and the seed of the one shipped, and the writer.
var generators = []struct {
	name   string
	seeded bool
	seed   uint64
	write  func(seed uint64) []byte
}{
	{"pile1000", true, 1, func(seed uint64) []byte { return pile(1000, seed) }},
	{"heap2000", true, 1, func(seed uint64) []byte { return heap(2000, seed) }},
	{"large_pyramid", false, 0, func(uint64) []byte { return largePyramid(100) }},
}

// Scenes returns the text of every generated scene as shipped, by name.
func Scenes() map[string][]byte {
	out := map[string][]byte{}
	for _, g := range generators {
		out[g.name] = g.write(g.seed)
	}
	return out
}

// ShippedSeeds maps each generated scene that draws random numbers to the seed of the scene
// shipped: 1 for pile1000 and heap2000.
func ShippedSeeds() map[string]uint64 {
	out := map[string]uint64{}
	for _, g := range generators {
		if g.seeded {
			out[g.name] = g.seed
		}
	}
	return out
}

// SeededNames lists the scenes of ShippedSeeds in alphabetical order.
func SeededNames() []string { return slices.Sorted(maps.Keys(ShippedSeeds())) }

// Seeded returns the text of the generated scene name with its random numbers drawn from
// seed (the same text on every platform), and false when name is not one of ShippedSeeds.
func Seeded(name string, seed uint64) ([]byte, bool) {
	for _, g := range generators {
		if g.name == name && g.seeded {
			return g.write(seed), true
		}
	}
	return nil, false
}
