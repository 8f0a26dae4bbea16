package scene

import (
	"fmt"
	"math"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/contact"
	"github.com/tumble-physics/tumble/data"
)

// fuzzBytes hands out a fuzzer's bytes one at a time, zeros once they run out.
type fuzzBytes []byte

func (b *fuzzBytes) next() byte {
	if len(*b) == 0 {
		return 0
	}
	c := (*b)[0]
	*b = (*b)[1:]
	return c
}

// logRange maps a byte onto [lo, hi] evenly in logarithm: both ends and every decade between.
func (b *fuzzBytes) logRange(lo, hi float64) float64 {
	return min(hi, max(lo, lo*math.Pow(hi/lo, float64(b.next())/255)))
}

// vector returns 0 0 0, or a vector of a byte's direction and a length from 1e-3 to most:
// every documented length up to the bound.
func (b *fuzzBytes) vector(most float64) mgl64.Vec3 {
	if b.next()%4 == 0 {
		return mgl64.Vec3{}
	}
	d := mgl64.Vec3{float64(b.next()) - 127.5, float64(b.next()) - 127.5, float64(b.next()) - 127.5}.Normalize()
	return d.Mul(b.logRange(1e-3*most, most) * (1 - 1e-12))
}

// fuzzScene writes the scene the bytes describe: up to four bodies of the built-in meshes and
// up to two planes, every value drawn from its whole documented range (docs/scenes.md), the
// positions mostly near the origin so that the bodies meet.
func fuzzScene(raw []byte) string {
	b := fuzzBytes(raw)
	var s strings.Builder
	v3 := func(v mgl64.Vec3) string { return fmt.Sprintf("%g %g %g", v[0], v[1], v[2]) }
	dt := b.logRange(1e-4, maxDt)
	fmt.Fprintf(&s, "<scene><duration time=\"%g\"/><integrator dt=\"%g\"/><solver iterations=\"%d\"/>\n", 10*dt, dt, 1+int(b.next())%20)
	if b.next()%2 == 0 {
		fmt.Fprintf(&s, "<gravity v=\"%s\"/>\n", v3(b.vector(maxGravity)))
	}
	for range int(b.next() % 3) {
		n := b.vector(1)
		if n == (mgl64.Vec3{}) {
			n = mgl64.Vec3{0, 1, 0}
		}
		fmt.Fprintf(&s, "<plane point=\"%s\" normal=\"%s\" friction=\"%g\" restitution=\"%g\"/>\n",
			v3(b.vector(10)), v3(n), b.logRange(1e-3, maxFriction), float64(b.next())/255)
	}
	meshes := data.MeshNames()
	for range 1 + int(b.next()%4) {
		mesh := meshes[int(b.next())%len(meshes)]
		amount := fmt.Sprintf("density=\"%g\"", b.logRange(minDensity, maxDensity))
		if b.next()%4 == 0 { // seldom: most masses and scales make a density out of range
			amount = fmt.Sprintf("mass=\"%g\"", b.logRange(minMass, maxMass))
		}
		// Scales in steps of a quarter decade over the whole range, or of an eighth near 1
		// (sizes that meet the others): few enough that the shapes of non-convex meshes,
		// built once per content and process, are mostly built already.
		scale := math.Pow(10, float64(int(b.next()%33)-16)/4)
		if b.next()%2 == 0 {
			scale = math.Pow(10, float64(int(b.next()%9)-4)/8)
		}
		position := b.vector(10)
		if b.next()%8 == 0 {
			position = b.vector(maxCoordinate)
		}
		fmt.Fprintf(&s, "<body mesh=\"%s\" %s scale=\"%g\" position=\"%s\" rotation=\"%s\" velocity=\"%s\" angularvelocity=\"%s\" friction=\"%g\" restitution=\"%g\" fixed=\"%d\"/>\n",
			mesh, amount, scale, v3(position), v3(b.vector(math.Pi)), v3(b.vector(maxSpeed)), v3(b.vector(maxAngularSpeed)),
			b.logRange(1e-3, maxFriction), float64(b.next())/255, b.next()%4/3)
	}
	s.WriteString("</scene>\n")
	return s.String()
}

// FuzzSceneStep runs the scene → World → Step path on scenes whose every value lies within
// its documented range: each must load (or be refused for a body's derived mass or density)
// and run ten steps within 10 s and 1 GiB without a panic. A scene that starts well posed
// (wellPosed: bodies apart, above the planes, turning less than a radian a step) must keep
// every state finite and gain no energy beyond 5% of its scale (energyScale; the worst of
// 6,000 random scenes gained 0.7%): a failure means the ranges admit a scene the step cannot
// take, or the step makes energy. Any other may diverge (bodies deep inside each other are
// pushed apart violently), and then the check must say where.
func FuzzSceneStep(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{128, 0, 1, 3, 9, 10, 255, 2, 200, 0, 50, 1, 1, 80, 90, 100, 4, 50, 60, 70, 200, 3, 100, 100, 100, 128, 255, 3})
	f.Add([]byte{255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255})
	f.Fuzz(func(t *testing.T, raw []byte) {
		text := fuzzScene(raw)
		sc, err := Parse(strings.NewReader(text), "fuzz.xml")
		if err != nil {
			t.Fatalf("a scene within the ranges was refused: %v\n%s", err, text)
		}
		w, err := sc.World()
		if err != nil {
			if !strings.Contains(err.Error(), "mass") && !strings.Contains(err.Error(), "density") {
				t.Fatalf("World: %v\n%s", err, text)
			}
			return
		}
		posed := wellPosed(w)
		scale, e0 := energyScale(w), energy(w)
		start := time.Now()
		for range 10 {
			err := sc.StepError(w.Step())
			if err != nil && posed {
				t.Fatalf("%v\n%s", err, text)
			}
			if err != nil {
				if !strings.HasPrefix(err.Error(), "fuzz.xml:") {
					t.Fatalf("the check names no line: %v", err)
				}
				break
			}
			if gain := energy(w) - e0; posed && gain > 0.05*scale {
				t.Fatalf("step %d: energy %g J → %g J, a gain of %.3g of the scale %g J\n%s", w.Steps, e0, energy(w), gain/scale, scale, text)
			}
		}
		if d := time.Since(start); d > 10*time.Second {
			t.Fatalf("10 steps took %v\n%s", d, text)
		}
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		if m.HeapAlloc > 1<<30 {
			t.Fatalf("%d MiB in use after 10 steps\n%s", m.HeapAlloc>>20, text)
		}
	})
}

// energy is the free bodies' kinetic and gravitational potential energy (J).
func energy(w *contact.World) float64 {
	e := 0.0
	for _, b := range w.Bodies {
		if !b.Fixed {
			e += b.KineticEnergy() - b.Mass*w.Gravity.Dot(b.P)
		}
	}
	return e
}

// energyScale is the energy a scene's steps may move about (J): the free bodies' kinetic
// energy and the work gravity does on each over its own size.
func energyScale(w *contact.World) float64 {
	s := 0.0
	for _, b := range w.Bodies {
		if !b.Fixed {
			s += b.KineticEnergy() + b.Mass*w.Gravity.Len()*reachOf(b.Mesh).outer
		}
	}
	return s
}

// wellPosed reports whether a world starts as the step expects: no two bodies' bounding balls
// meet, no vertex is behind a plane, and no body turns more than a radian in a step.
func wellPosed(w *contact.World) bool {
	r := make([]float64, len(w.Bodies))
	for i, b := range w.Bodies {
		r[i] = reachOf(b.Mesh).outer
		if b.Omega.Len()*w.Dt > 1 {
			return false
		}
		for _, pl := range w.Planes {
			for _, v := range b.Mesh.Vertices {
				if pl.Normal.Dot(b.R.Mul3x1(v).Add(b.P).Sub(pl.Point)) < 0 {
					return false
				}
			}
		}
		for j := range i {
			if b.P.Sub(w.Bodies[j].P).Len() < r[i]+r[j] {
				return false
			}
		}
	}
	return true
}
