// Command trajectory writes the path of a ball thrown onto the floor as CSV, one row per
// time step: the time and the position and velocity of its centre of mass, ready for a
// spreadsheet or a plotting tool. It is a small example of Tumble's Go API
// (docs/tutorial.md, "Script it in Go").
//
//	go run ./cmd/examples/trajectory [-o ball.csv] [-seconds 3] [-restitution 0.7]
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/contact"
	"github.com/tumble-physics/tumble/data"
	"github.com/tumble-physics/tumble/inertia"
)

func main() {
	out := flag.String("o", "", "the CSV file to write (default: standard output)")
	seconds := flag.Float64("seconds", 3, "how long to follow the ball, s")
	restitution := flag.Float64("restitution", 0.7, "the ball's restitution, 0 (dead) to 1 (elastic)")
	flag.Parse()
	if err := run(*out, *seconds, *restitution); err != nil {
		fmt.Fprintln(os.Stderr, "trajectory:", err)
		os.Exit(1)
	}
}

// run writes the trajectory to the file named path, or to standard output for "".
func run(path string, seconds, restitution float64) error {
	if path == "" {
		return trajectory(os.Stdout, seconds, restitution)
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	err = trajectory(f, seconds, restitution)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// trajectory follows the ball for the given time and writes its CSV to out.
func trajectory(out io.Writer, seconds, restitution float64) error {
	w := contact.NewWorld(contact.DefaultSettings())
	w.Planes = append(w.Planes, contact.Plane{Normal: mgl64.Vec3{0, 1, 0}, Friction: 0.5})
	obj, err := data.Mesh("icosphere") // a ball of radius 0.5 m
	if err != nil {
		return err
	}
	ball, err := inertia.ReadOBJ(bytes.NewReader(obj), "icosphere")
	if err != nil {
		return err
	}
	def := contact.DefaultBodyDef()
	def.Mesh, def.Position, def.Velocity = ball, mgl64.Vec3{0, 2, 0}, mgl64.Vec3{1.5, 2, 0}
	def.Material.Restitution = restitution
	id, err := w.CreateBody(def)
	if err != nil {
		return err
	}
	b := w.Body(id)

	csv := bufio.NewWriter(out)
	fmt.Fprintln(csv, "t,x,y,z,vx,vy,vz")
	row := func() {
		fmt.Fprintf(csv, "%.6g,%.6g,%.6g,%.6g,%.6g,%.6g,%.6g\n", w.Time, b.P[0], b.P[1], b.P[2], b.V[0], b.V[1], b.V[2])
	}
	row()
	for w.Time < seconds-w.Dt/2 {
		if err := w.Step(); err != nil {
			return err
		}
		row()
	}
	return csv.Flush()
}
