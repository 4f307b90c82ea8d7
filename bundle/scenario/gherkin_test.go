package scenario

import (
	"reflect"
	"strings"
	"testing"
)

const sampleFeature = `@routing @testbot
Feature: Sample
    Free text describing the feature.

    Background:
        Given the profile "testbot"
        # a comment
        Given a grid size of 10 meters

    @todo @other
    Scenario: First
        Given the node map
            """
            a b
              c
            """
        And the ways
            | nodes | name     | oneway |
            | ab    | x \| y   |        |
            | bc    | ""       | yes    |
        When I route I should get
            | from | to | route |
            | a    | b  | x \| y,x \| y |

    Scenario: Second
    A note line that is not a step.
        Then routability should be
            | highway | forw |
            | primary | x    |
`

func TestParseSample(t *testing.T) {
	f, err := Parse("sample.feature", sampleFeature)
	if err != nil {
		t.Fatal(err)
	}
	if f.Name != "Sample" || !reflect.DeepEqual(f.Tags, []string{"@routing", "@testbot"}) {
		t.Errorf("feature %q tags %v", f.Name, f.Tags)
	}
	if len(f.Background) != 2 || f.Background[1].Text != "a grid size of 10 meters" {
		t.Errorf("background %+v", f.Background)
	}
	if len(f.Scenarios) != 2 {
		t.Fatalf("%d scenarios", len(f.Scenarios))
	}
	s := f.Scenarios[0]
	if !reflect.DeepEqual(s.Tags, []string{"@routing", "@testbot", "@todo", "@other"}) {
		t.Errorf("scenario tags %v", s.Tags)
	}
	if s.Steps[0].Doc == nil || *s.Steps[0].Doc != "a b\n  c" {
		t.Errorf("docstring %q", *s.Steps[0].Doc)
	}
	ways := s.Steps[1].Table
	if !reflect.DeepEqual(ways[1], []string{"ab", "x | y", ""}) || ways[2][1] != `""` {
		t.Errorf("ways table %q", ways)
	}
	if s.Steps[2].Keyword != "When" || s.Steps[2].Text != "I route I should get" {
		t.Errorf("step %+v", s.Steps[2])
	}
	if len(f.Scenarios[1].Steps) != 1 || f.Scenarios[1].Tags[len(f.Scenarios[1].Tags)-1] != "@testbot" {
		t.Errorf("second scenario %+v", f.Scenarios[1])
	}
}

func TestParseErrors(t *testing.T) {
	for _, src := range []string{
		"",
		"Scenario: x",
		"Feature: a\nFeature: b",
		"Feature: a\n  Scenario: s\n    Given x\n    | a | b |\n    | c |",
		"Feature: a\n  Scenario: s\n    Given x\n    \"\"\"\n    unclosed",
		"Feature: a\n  | a |",
		"Feature: a\n  Scenario: s\n    Given x\n    | a | b",
		"Feature: a\n  Scenario Outline: s\n    Given x",
	} {
		if _, err := Parse("bad.feature", src); err == nil {
			t.Errorf("no error for %q", src)
		} else if !strings.HasPrefix(err.Error(), "bad.feature:") {
			t.Errorf("error %q does not name the file", err)
		}
	}
}

func FuzzParse(f *testing.F) {
	f.Add(sampleFeature)
	f.Add("Feature: x\n Scenario: y\n  Given a\n  \"\"\"\n  b\n  \"\"\"\n  | \\| | \\n |\n")
	f.Add("@a\nFeature:\nBackground:\nGiven\n|")
	f.Fuzz(func(t *testing.T, src string) {
		feat, err := Parse("fuzz.feature", src)
		if err != nil {
			return
		}
		for _, sc := range feat.Scenarios {
			for _, st := range sc.Steps {
				for _, r := range st.Table {
					if len(r) != len(st.Table[0]) {
						t.Fatalf("ragged table %q", st.Table)
					}
				}
				_ = whyNot(feat, &sc)
			}
		}
	})
}
