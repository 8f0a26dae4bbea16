package fosssim

import (
	"fmt"
	"slices"
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body/planar"
)

func (b *builder) simtype(el *element) error {
	if err := el.check([]string{"type"}, nil); err != nil {
		return err
	}
	if t, ok := el.value("type"); ok && strings.TrimSpace(t) != "rigid-body" {
		return fmt.Errorf("<simtype type=%q>: tumble 2d runs only rigid-body scenes", t)
	}
	return nil
}

func (b *builder) description(el *element) error {
	b.scene.Description, _ = el.value("text")
	return el.check([]string{"text"}, nil)
}

func (b *builder) maxsimfreq(el *element) error {
	if err := el.check([]string{"max"}, nil); err != nil {
		return err
	}
	if _, ok := el.value("max"); ok {
		_, err := el.number("max")
		return err
	}
	return nil
}

func (b *builder) duration(el *element) error {
	if err := el.check([]string{"time"}, []string{"time"}); err != nil {
		return err
	}
	t, err := el.number("time")
	if err != nil {
		return err
	}
	if t < 0 {
		return fmt.Errorf("<duration> time %g s is negative", t)
	}
	b.scene.Duration = t
	return nil
}

func (b *builder) viewport(el *element) error {
	if err := el.check([]string{"cx", "cy", "size"}, []string{"cx", "cy", "size"}); err != nil {
		return err
	}
	v, err := el.numbers("cx", "cy", "size")
	if err != nil {
		return err
	}
	if v[2] <= 0 {
		return fmt.Errorf("<viewport> size %g must be positive", v[2])
	}
	d := &b.scene.Display
	d.Cx, d.Cy, d.Size = v[0], v[1], v[2]
	return nil
}

func (b *builder) background(el *element) error {
	c, err := rgb(el)
	b.scene.Display.Background = c
	return err
}

// rgb checks and parses an element's r, g, b attributes (and its index attribute, if any,
// is checked by the caller).
func rgb(el *element, index ...string) (*Color, error) {
	attrs := append(index, "r", "g", "b")
	if err := el.check(attrs, attrs); err != nil {
		return nil, err
	}
	v, err := el.numbers("r", "g", "b")
	if err != nil {
		return nil, err
	}
	for i, c := range v {
		if c < 0 || c > 1 {
			return nil, fmt.Errorf("<%s> colour channel %s=%g is outside [0, 1]", el.name, "rgb"[i:i+1], c)
		}
	}
	return &Color{v[0], v[1], v[2]}, nil
}

func (b *builder) integrator(el *element) error {
	if err := el.check([]string{"type", "dt"}, []string{"type", "dt"}); err != nil {
		return err
	}
	t, _ := el.value("type")
	in, err := planar.ParseIntegrator(strings.TrimSpace(t))
	if err != nil {
		return err
	}
	dt, err := el.number("dt")
	if err != nil {
		return err
	}
	if dt <= 0 {
		return fmt.Errorf("<rigidbodyintegrator> dt %g s must be positive", dt)
	}
	b.scene.Integrator, b.scene.Dt = in, dt
	return nil
}

func (b *builder) collision(el *element) error {
	if err := el.check([]string{"detection", "response", "iterations"}, []string{"detection", "response"}); err != nil {
		return err
	}
	c := &CollisionHandling{Line: el.line}
	c.Detection, _ = el.value("detection")
	c.Response, _ = el.value("response")
	if c.Detection != "all-pairs" {
		return fmt.Errorf("unknown collision detection %q (want all-pairs)", c.Detection)
	}
	if !slices.Contains(Responses, c.Response) {
		return fmt.Errorf("unknown collision response %q (want one of %s)", c.Response, strings.Join(Responses, ", "))
	}
	if _, ok := el.value("iterations"); ok {
		if c.Response != "pgs" {
			return fmt.Errorf("iterations applies only to response pgs, not %s", c.Response)
		}
		n, err := el.integer("iterations")
		if err != nil {
			return err
		}
		if n < 1 || n > MaxIterations {
			return fmt.Errorf("iterations %d must be between 1 and %d", n, MaxIterations)
		}
		c.Iterations = n
	} else if c.Response == "pgs" {
		c.Iterations = DefaultPGSIterations
	}
	b.scene.Collision = c
	return nil
}

func (b *builder) vertex(el *element) error {
	if err := el.check([]string{"x", "y", "m"}, []string{"x", "y", "m"}); err != nil {
		return err
	}
	v, err := el.numbers("x", "y", "m")
	if err != nil {
		return err
	}
	if v[2] <= 0 {
		return fmt.Errorf("<rigidbodyvertex> %d has mass m=%g, must be positive", len(b.vertices), v[2])
	}
	b.vertices = append(b.vertices, vertex{p: mgl64.Vec2{v[0], v[1]}, m: v[2]})
	return nil
}

// body checks a <rigidbody>'s attributes now and keeps it for makeBody, which runs once
// every vertex is known (a body may name vertices listed after it, as in the course).
func (b *builder) body(el *element) error {
	if err := el.check([]string{"p", "vx", "vy", "omega", "r", "fixed"}, []string{"p", "vx", "vy", "omega", "r"}); err != nil {
		return err
	}
	b.bodies = append(b.bodies, *el)
	return nil
}

func (b *builder) makeBody(el *element) error {
	var p []mgl64.Vec2
	var m []float64
	for _, a := range el.attrs {
		if a.Name.Local != "p" {
			continue
		}
		i, err := el.integerValue("p", a.Value)
		if err != nil {
			return err
		}
		if i < 0 || i >= len(b.vertices) {
			return fmt.Errorf("<rigidbody> vertex index %d out of range (%s)", i, indexRange("vertices", len(b.vertices), false))
		}
		p = append(p, b.vertices[i].p)
		m = append(m, b.vertices[i].m)
	}
	if len(p) < 2 {
		return fmt.Errorf("<rigidbody> has %d vertex index (p attribute), needs at least 2", len(p))
	}
	v, err := el.numbers("vx", "vy", "omega", "r")
	if err != nil {
		return err
	}
	if v[3] <= 0 {
		return fmt.Errorf("<rigidbody> radius r=%g must be positive", v[3])
	}
	fixed := false
	if s, ok := el.value("fixed"); ok {
		switch strings.TrimSpace(s) {
		case "0":
		case "1":
			fixed = true
		default:
			return fmt.Errorf("<rigidbody> fixed=%q must be 0 or 1", s)
		}
	}
	body, err := planar.NewBody(p, m, v[3], mgl64.Vec2{v[0], v[1]}, v[2], fixed)
	if err != nil {
		return fmt.Errorf("<rigidbody> %d: %w", len(b.scene.Bodies), err)
	}
	b.scene.Bodies = append(b.scene.Bodies, body)
	b.scene.BodyLines = append(b.scene.BodyLines, el.line)
	return nil
}

func (b *builder) gravityForce(el *element) error {
	if err := el.check([]string{"fx", "fy"}, []string{"fx", "fy"}); err != nil {
		return err
	}
	v, err := el.numbers("fx", "fy")
	if err != nil {
		return err
	}
	b.gravity = append(b.gravity, &planar.Gravity{G: mgl64.Vec2{v[0], v[1]}})
	return nil
}

func (b *builder) springForce(el *element) error {
	names := []string{"i", "pix", "piy", "j", "pjx", "pjy", "k", "l0"}
	if err := el.check(names, names); err != nil {
		return err
	}
	i, err := el.integer("i")
	if err != nil {
		return err
	}
	j, err := el.integer("j")
	if err != nil {
		return err
	}
	v, err := el.numbers("pix", "piy", "pjx", "pjy", "k", "l0")
	if err != nil {
		return err
	}
	if v[4] < 0 || v[5] < 0 {
		return fmt.Errorf("<rigidbodyspringforce> stiffness k=%g and rest length l0=%g may not be negative", v[4], v[5])
	}
	s := &planar.Spring{I: i, J: j, PI: mgl64.Vec2{v[0], v[1]}, PJ: mgl64.Vec2{v[2], v[3]}, K: v[4], L0: v[5]}
	b.springs = append(b.springs, springAt{s, el.line})
	return nil
}

func (b *builder) windForce(el *element) error {
	names := []string{"beta", "fx", "fy", "pointsperedge"}
	if err := el.check(names, names); err != nil {
		return err
	}
	n, err := el.integer("pointsperedge")
	if err != nil {
		return err
	}
	if n < 2 || n > MaxPointsPerEdge {
		return fmt.Errorf("<rigidbodywindforce> pointsperedge=%d must be between 2 (the course requires at least 2) and %d", n, MaxPointsPerEdge)
	}
	v, err := el.numbers("beta", "fx", "fy")
	if err != nil {
		return err
	}
	if v[0] < 0 {
		return fmt.Errorf("<rigidbodywindforce> beta=%g may not be negative", v[0])
	}
	b.winds = append(b.winds, &planar.Wind{Beta: v[0], W: mgl64.Vec2{v[1], v[2]}, Points: n})
	return nil
}

// color keeps a body or spring colour until the counts are known.
func (b *builder) color(el *element) error {
	b.colors = append(b.colors, *el)
	return nil
}

func (b *builder) makeColor(el *element) error {
	index, what, n := "body", "bodies", len(b.scene.Bodies)
	colors := &b.scene.Display.BodyColors
	if el.name == "rigidbodyspringcolor" {
		index, what, n = "spring", "springs", len(b.springs)
		colors = &b.scene.Display.SpringColors
	}
	c, err := rgb(el, index)
	if err != nil {
		return err
	}
	i, err := el.integer(index)
	if err != nil {
		return err
	}
	if i < 0 || i >= n {
		return fmt.Errorf("<%s> %s index %d out of range (%s)", el.name, index, i, indexRange(what, n, false))
	}
	if *colors == nil {
		*colors = make([]*Color, n)
	}
	(*colors)[i] = c
	return nil
}
