package present

import (
	"reflect"
	"testing"

	"github.com/unoscore/unoscore/scoring"
)

// TestEveryModeHasItsWords: a mode added to scoring's table without its
// wording here fails.
func TestEveryModeHasItsWords(t *testing.T) {
	for _, m := range scoring.Modes {
		text, ok := modeTexts[m]
		if !ok {
			t.Errorf("mode %q has no wording in modeTexts", m)
			continue
		}
		v := reflect.ValueOf(text)
		for i := range v.NumField() {
			if v.Field(i).String() == "" {
				t.Errorf("mode %q: %s is empty", m, v.Type().Field(i).Name)
			}
		}
	}
	if len(modeTexts) != len(scoring.Modes) {
		t.Errorf("modeTexts has %d modes, scoring %d", len(modeTexts), len(scoring.Modes))
	}
}

func TestFill(t *testing.T) {
	got := Fill("{out} went out; {side} score {won}.", map[string]string{"out": "Ann", "side": "Ann and Cat", "won": "66"})
	if got != "Ann went out; Ann and Cat score 66." {
		t.Errorf("fill: %q", got)
	}
}
