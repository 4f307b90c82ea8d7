package core

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/bando-vn/bando/core/errs"
)

// TestErrorTable: every kind in every shape gives its HTTP status and a
// body carrying `status` and `message` (API.md §1); an internal error
// shows no internal text; a Valhalla code set by an engine wins.
func TestErrorTable(t *testing.T) {
	kinds := []errs.Kind{errs.Invalid, errs.Denied, errs.NotFound, errs.Method, errs.Quota, errs.Internal}
	wantHTTP := []int{400, 401, 404, 405, 429, 500}
	for i, k := range kinds {
		for _, s := range []Convention{ConventionGoogle, ConventionPelias, ConventionValhalla} {
			e := &errs.Error{Kind: k, Param: "p", Msg: "bad", Err: errors.New("tiles/secret.mp")}
			st, body := errorBody(s, e)
			var got struct {
				Status    any    `json:"status"`
				Message   string `json:"message"`
				ErrorCode int    `json:"error_code"`
			}
			b := body.AppendJSON(nil)
			if err := json.Unmarshal(b, &got); err != nil {
				t.Fatalf("%v/%v: %v %s", k, s, err, b)
			}
			wantMsg := "p: bad"
			if k == errs.Internal {
				wantMsg = "internal error"
			}
			if st != wantHTTP[i] || got.Status == nil || got.Status == "" || got.Message != wantMsg {
				t.Errorf("kind %v shape %v: %d %s", k, s, st, b)
			}
			if s == ConventionValhalla && got.ErrorCode == 0 {
				t.Errorf("kind %v: Valhalla body without error_code: %s", k, b)
			}
		}
	}
	_, body := errorBody(ConventionValhalla, errs.InvalidParam("json", "unparsable").WithCode(171))
	var v struct {
		ErrorCode int `json:"error_code"`
	}
	json.Unmarshal(body.AppendJSON(nil), &v)
	if v.ErrorCode != 171 {
		t.Errorf("engine's Valhalla code lost: %d", v.ErrorCode)
	}
	_, body = errorBody(ConventionGoogle, errs.As(errors.New("open tiles/search/ph.mp: no such file")))
	if b := string(body.AppendJSON(nil)); b != `{"status":"UNKNOWN_ERROR","error_message":"internal error","message":"internal error"}` {
		t.Errorf("internal error body %s", b)
	}
}
