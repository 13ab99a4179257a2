"""The error levels: APIStatusError for any status outside 2xx, the spec's kinds below it, the local ones beside
it; the request id in str(); every error pickles."""

from __future__ import annotations

import pickle

import httpx
import pytest

from conftest import json_response, mock
from svc_scan import (
    APIConnectionError,
    APIStatusError,
    APITimeoutError,
    AuthError,
    ConfigError,
    DecodeError,
    IncompleteListError,
    NotFoundError,
    PermissionDeniedError,
    PollTimeoutError,
    RateLimitError,
    ServerError,
    SvcError,
    ValidationError,
)


@pytest.mark.parametrize("status", [405, 409, 413])
def test_a_status_outside_the_spec_s_table_is_an_api_status_error(kind: str, status: int) -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        return json_response({"error": {"message": "no"}}, status, **{"x-request-id": "req_7", "x-hint": "h"})

    with pytest.raises(APIStatusError) as caught:
        mock(kind, handler, max_retries=0)("me")
    error = caught.value
    assert type(error) is APIStatusError
    assert (error.status_code, error.request_id, error.headers["x-hint"]) == (status, "req_7", "h")
    assert error.body == {"error": {"message": "no"}}
    assert str(error) == f"GET /me failed with {status}: no (request id req_7)"


def test_the_spec_s_kinds_derive_from_api_status_error_and_the_local_ones_do_not() -> None:
    for status_kind in (AuthError, PermissionDeniedError, NotFoundError, ValidationError, RateLimitError, ServerError):
        assert issubclass(status_kind, APIStatusError)
    for local in (ConfigError, PollTimeoutError, APIConnectionError, APITimeoutError, DecodeError, IncompleteListError):
        assert issubclass(local, SvcError)
        assert not issubclass(local, APIStatusError)


def test_a_message_without_a_request_id_is_the_message() -> None:
    assert str(SvcError("plain")) == "plain"


@pytest.mark.parametrize(
    "error",
    [
        PollTimeoutError("Timed out waiting for scan scn_1", job="scan scn_1", last_status="running", cancelled=True),
        RateLimitError("slow down", status_code=429, headers={"retry-after": "2"}, retry_after=2.0, request_id="r1"),
        APIStatusError("conflict", status_code=409, body={"error": "x"}),
        NotFoundError("gone", status_code=404),
        APITimeoutError("timed out", never_sent=True),
        ConfigError("no key"),
        DecodeError("bad", status_code=200, body="x", request_id="r2"),
        IncompleteListError("did not end"),
    ],
    ids=lambda error: type(error).__name__,
)
def test_every_error_pickles_and_unpickles(error: SvcError) -> None:
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is type(error)
    assert copy.__dict__ == error.__dict__
    assert str(copy) == str(error)
    assert copy.args == error.args


def test_an_error_from_a_live_answer_pickles(kind: str) -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        return json_response({"error": {"message": "nope"}}, 404)

    with pytest.raises(NotFoundError) as caught:
        mock(kind, handler)("get_scan", "scn_1")
    copy = pickle.loads(pickle.dumps(caught.value))
    assert (copy.status_code, copy.request_id, copy.headers) == (404, "req_mock", caught.value.headers)
