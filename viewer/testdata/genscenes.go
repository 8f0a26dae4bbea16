//go:build ignore

// Genscenes writes the viewer's 1000-body benchmark scenes (run from this directory):
//
//	go run genscenes.go
//
// lattice1000.xml: 1000 unit cubes in a 10×10×10 lattice without gravity, each turning slowly,
// so every body moves every frame (the renderer's worst case). floor1000.xml: 1000 unit cubes
// in one 32-wide layer dropped 0.25 m onto the floor, where they settle.
package main

import (
	"fmt"
	"os"
	"strings"
)

func main() {
	var b strings.Builder
	b.WriteString("<scene>\n  <description text=\"1000 unit cubes in a 10x10x10 lattice, no gravity, each turning slowly\"/>\n")
	b.WriteString("  <duration time=\"10\"/>\n  <gravity v=\"0 0 0\"/>\n  <plane point=\"0 0 0\" normal=\"0 1 0\"/>\n")
	for i := range 1000 {
		fmt.Fprintf(&b, "  <body mesh=\"cube\" position=\"%.2f %.2f %.2f\" angularvelocity=\"0 %.2f 0\"/>\n",
			float64(i%10)*1.5-6.75, 0.5+float64(i/100)*1.5, float64(i/10%10)*1.5-6.75, 0.2+0.1*float64(i%7))
	}
	b.WriteString("</scene>\n")
	write("lattice1000.xml", b.String())

	b.Reset()
	b.WriteString("<scene>\n  <description text=\"1000 unit cubes in one layer dropped onto the floor\"/>\n")
	b.WriteString("  <duration time=\"5\"/>\n  <plane point=\"0 0 0\" normal=\"0 1 0\"/>\n")
	for i := range 1000 {
		fmt.Fprintf(&b, "  <body mesh=\"cube\" position=\"%.2f 0.75 %.2f\" rotation=\"0 %.2f 0\"/>\n",
			float64(i%32)*1.5-23.25, float64(i/32)*1.5-23.25, 0.1*float64(i%11))
	}
	b.WriteString("</scene>\n")
	write("floor1000.xml", b.String())
}

func write(name, text string) {
	if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
