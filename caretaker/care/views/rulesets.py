"""Rule administration pages: versions, diffs, the editor, dry run, activation."""

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import wraps
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import get_object_or_404, redirect, render

from caretaker.audit.models import Action
from caretaker.audit.services import audit_record
from caretaker.care.activation import ruleset_activate, ruleset_rollback
from caretaker.converters import MAX_NUMBER, record_id_parse
from caretaker.journal.dry_run import ruleset_dry_run_read
from caretaker.rulesets.models import RuleSetVersion
from caretaker.rulesets.selectors import (
    rules_admin_check,
    ruleset_active_get,
    ruleset_audit_list,
    ruleset_diff,
    ruleset_rollback_target,
    ruleset_scopes,
    ruleset_texts,
    ruleset_version_list,
)
from caretaker.rulesets.services import (
    Draft,
    RuleSetInvalid,
    ruleset_draft_validate,
    ruleset_version_create,
)
from caretaker.users import AuthenticatedHttpRequest
from caretaker.wards.models import Ward
from logic import Diagnostic
from logic.rule_tests import FORMAT as TESTS_FORMAT
from logic.validation import ValidationReport

View = Callable[..., HttpResponse]


def rules_admin_required(view: View) -> View:
    """Only members of the "rules admin" group (and superusers) get through."""

    @login_required
    @wraps(view)
    def checked(
        request: AuthenticatedHttpRequest, *args: Any, **kwargs: Any
    ) -> HttpResponse:
        if not rules_admin_check(user=request.user):
            audit_record(
                user=request.user,
                action=Action.ROLE_REFUSE,
                detail={"what": request.path, "role": "rules admin"},
            )
            raise PermissionDenied("rule administration is for the rules admin group")
        return view(request, *args, **kwargs)

    return checked


def _version(number: int) -> RuleSetVersion:
    return get_object_or_404(
        RuleSetVersion.objects.select_related("ward"), number=number
    )


def _scope_ward(code: str) -> Ward | None:
    return None if code in ("", "global") else get_object_or_404(Ward, code=code)


@rules_admin_required
def rules_home(request: AuthenticatedHttpRequest) -> HttpResponse:
    return render(
        request,
        "rulesets/home.html",
        {
            "scopes": ruleset_scopes(),
            "versions": ruleset_version_list()[:100],
            "audit": ruleset_audit_list(limit=20),
        },
    )


@rules_admin_required
def version_detail(request: AuthenticatedHttpRequest, number: int) -> HttpResponse:
    version = _version(number)
    return render(
        request,
        "rulesets/version.html",
        {
            "version": version,
            "texts": ruleset_texts(version=version),
            "versions": ruleset_version_list()[:100],
        },
    )


@rules_admin_required
def version_diff(request: AuthenticatedHttpRequest) -> HttpResponse:
    try:
        old = _version(record_id_parse(request.GET["old"], most=MAX_NUMBER))
        new = _version(record_id_parse(request.GET["new"], most=MAX_NUMBER))
    except (KeyError, ValueError) as error:
        raise Http404("choose two versions to compare") from error
    return render(
        request,
        "rulesets/diff.html",
        {
            "old": old,
            "new": new,
            "files": ruleset_diff(old=old, new=new),
        },
    )


def _draft_from(post: QueryDict) -> tuple[Draft, list[tuple[str, str]]]:
    """The posted texts; rule files come as parallel lp_name / lp_text lists, and a
    file with neither name nor text is dropped (that is how one is removed)."""
    pairs = [
        (name.strip(), text.replace("\r\n", "\n"))
        for name, text in zip(
            post.getlist("lp_name"), post.getlist("lp_text"), strict=False
        )
        if name.strip() or text.strip()
    ]
    draft = Draft(
        alphabet=post.get("alphabet", "").replace("\r\n", "\n"),
        files=dict(pairs),
        tests=post.get("tests", "").replace("\r\n", "\n"),
    )
    return draft, pairs


@dataclass(frozen=True)
class _Editor:
    """What the editor shows: a draft, the version it started from, its scope and
    comment, and the outcome of the last check or save."""

    draft: Draft
    rule_files: list[tuple[str, str]]
    parent: RuleSetVersion | None
    scope: str
    comment: str
    report: ValidationReport | None = None
    errors: list[Diagnostic] = field(default_factory=list)


@rules_admin_required
def ruleset_edit(request: AuthenticatedHttpRequest) -> HttpResponse:
    """The editor. GET starts a draft from a version (default: the active global
    one); POST validates, or validates and saves as a new version."""
    if request.method != "POST":
        return _editor_render(request, _editor_start(request))
    editor = _editor_posted(request.POST)
    if request.POST.get("action") == "save":
        return _draft_save(request, editor)
    report = ruleset_draft_validate(draft=editor.draft, user=request.user)
    return _editor_render(
        request, replace(editor, report=report, errors=list(report.errors))
    )


def _editor_start(request: HttpRequest) -> _Editor:
    """A draft from ``?from=NUMBER``, else from the active global version."""
    try:
        parent = _version(record_id_parse(request.GET["from"], most=MAX_NUMBER))
    except (KeyError, ValueError):
        parent = ruleset_active_get()
    draft = Draft(parent.alphabet, dict(parent.files), parent.tests)
    return _Editor(
        draft=draft,
        rule_files=sorted(draft.files.items()),
        parent=parent,
        scope=parent.scope,
        comment="",
    )


def _editor_posted(post: QueryDict) -> _Editor:
    draft, pairs = _draft_from(post)
    return _Editor(
        draft=draft,
        rule_files=pairs,
        parent=RuleSetVersion.objects.filter(number=post.get("parent") or 0).first(),
        scope=post.get("scope", "global"),
        comment=post.get("comment", "").strip(),
    )


def _draft_save(request: AuthenticatedHttpRequest, editor: _Editor) -> HttpResponse:
    """Store the draft as a new (inactive) version, or show why it cannot be."""
    try:
        version = ruleset_version_create(
            draft=editor.draft,
            author=request.user,
            ward=_scope_ward(editor.scope),
            parent=editor.parent,
            comment=editor.comment,
        )
    except RuleSetInvalid as invalid:
        return _editor_render(request, replace(editor, errors=list(invalid.errors)))
    messages.success(
        request,
        f"Saved {version.label}. It is not active "
        "yet: check the dry run, then activate it.",
    )
    return redirect("rules-version", number=version.number)


def _editor_render(request: HttpRequest, editor: _Editor) -> HttpResponse:
    return render(
        request,
        "rulesets/edit.html",
        {
            "draft": editor.draft,
            "rule_files": editor.rule_files,
            "parent": editor.parent,
            "scope": editor.scope,
            "comment": editor.comment,
            "wards": Ward.objects.order_by("code"),
            "report": editor.report,
            "errors": editor.errors,
            "error_list": [
                {"file": e.file, "line": e.line, "message": e.message}
                for e in editor.errors
            ],
            "tests_format": TESTS_FORMAT,
        },
    )


@rules_admin_required
def version_activate(request: AuthenticatedHttpRequest, number: int) -> HttpResponse:
    """GET: the dry run (who gains or loses which problem); POST: activate."""
    version = _version(number)
    if request.method == "POST":
        try:
            solved = ruleset_activate(version=version, user=request.user)
        except RuleSetInvalid as invalid:
            return render(
                request,
                "rulesets/activate.html",
                {
                    "version": version,
                    "errors": invalid.errors,
                    "report": None,
                    "scope": version.scope,
                },
                status=422,
            )
        messages.success(
            request,
            f"{version.label} is active for {version.scope}; "
            f"{len(solved)} patients were solved again.",
        )
        return redirect("rules-home")
    return render(
        request,
        "rulesets/activate.html",
        {
            "version": version,
            "scope": version.scope,
            "report": ruleset_dry_run_read(
                user=request.user, version=version, ward=version.ward
            ),
        },
    )


@rules_admin_required
def scope_rollback(request: AuthenticatedHttpRequest, scope: str) -> HttpResponse:
    """GET: the dry run of going back to the previous version; POST: roll back."""
    ward = _scope_ward(scope)
    target, possible = ruleset_rollback_target(ward_id=ward.pk if ward else None)
    if request.method == "POST":
        try:
            ruleset_rollback(ward=ward, user=request.user)
        except RuleSetInvalid as invalid:
            for error in invalid.errors:
                messages.error(request, str(error))
        else:
            messages.success(
                request,
                f"{scope} rolled back to "
                f"{target.label if target else 'the global version'}.",
            )
        return redirect("rules-home")
    return render(
        request,
        "rulesets/rollback.html",
        {
            "scope": scope,
            "target": target,
            "possible": possible,
            "report": ruleset_dry_run_read(user=request.user, version=target, ward=ward)
            if possible
            else None,
        },
    )


@rules_admin_required
def rules_audit(request: AuthenticatedHttpRequest) -> HttpResponse:
    return render(request, "rulesets/audit.html", {"audit": ruleset_audit_list()})
