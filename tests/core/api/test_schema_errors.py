"""Every operation of the schema documents its error answers in the API's error shape."""

from __future__ import annotations

from drf_spectacular.generators import SchemaGenerator


def test_every_operation_documents_its_errors() -> None:
    schema = SchemaGenerator().get_schema(request=None, public=True)
    assert set(schema["components"]["schemas"]["Error"]["required"]) == {"code", "message"}
    for path, item in schema["paths"].items():
        for method, operation in item.items():
            responses = operation["responses"]
            expected = {"400", "401", "403", "404", "429"}
            if method != "get":
                expected |= {"409", "422", "503"}
            if "requestBody" in operation:
                expected |= {"413", "415"}
            missing = expected - set(responses)
            assert not missing, f"{method.upper()} {path} does not document {missing}"
            for status in expected:
                content = responses[status].get("content", {}).get("application/json", {})
                assert "schema" in content, (method, path, status)
