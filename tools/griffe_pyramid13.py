"""Griffe extension used by the documentation build (see ``mkdocs.yml``).

Griffe reads the source without running it, so two things need help:

* ``attrs`` classes: it sees ``passes: int | None = attrs.field(default=1, ...)`` as a class
  attribute and no ``__init__`` at all. The extension rebuilds the ``__init__`` that
  ``attrs`` generates (field order, defaults, ``init=False`` fields left out, leading
  underscores stripped) and shows each field's default instead of the ``attrs.field`` call.
* Cross-references: the package's docstrings name other objects in single backticks, as
  Sphinx's default role does (```GameState.apply```, ```preset_names```). The extension
  turns each one that names a public object of the package into a link, so the source
  docstrings stay readable in ``help()`` and the site still links them. Double backticks
  stay literal code; a name that is not a public object (a parameter) stays code too.
"""

from __future__ import annotations

import re
from typing import Any, cast

from griffe import (
    Alias,
    AliasResolutionError,
    Attribute,
    Class,
    CyclicAliasError,
    Expr,
    ExprCall,
    ExprKeyword,
    Extension,
    Function,
    Module,
    Object,
    Parameter,
    ParameterKind,
    Parameters,
)

__all__ = ["PackageDocs"]

# griffe annotates the enum's members as plain `str`; this is the member itself.
_POSITIONAL_OR_KEYWORD = cast(ParameterKind, ParameterKind.positional_or_keyword)
_DECORATORS = {"attrs.frozen", "attrs.define", "attrs.mutable", "attr.s", "attr.attrs"}
_FIELD_CALLS = {"attrs.field", "attr.ib", "attr.attrib"}
_SINGLE_BACKTICKS = re.compile(r"(?<![`\w\]\[])`([A-Za-z_][\w.]*)(\(\))?`(?![`\w\[])")


def _is_attrs_class(cls: Class) -> bool:
    for decorator in cls.decorators:
        value = decorator.value
        path = value.canonical_path if isinstance(value, Expr) else str(value)
        if path in _DECORATORS:
            return True
    return False


def _field_arguments(attribute: Attribute) -> dict[str, str | Expr] | None:
    """The keyword arguments of an ``attrs.field(...)`` value, or None for a plain value."""
    value = attribute.value
    if isinstance(value, ExprCall) and value.canonical_path in _FIELD_CALLS:
        return {
            argument.name: argument.value
            for argument in value.arguments
            if isinstance(argument, ExprKeyword)
        }
    return None


def _add_attrs_init(cls: Class) -> None:
    if not _is_attrs_class(cls) or "__init__" in cls.members:
        return
    parameters = [Parameter("self", kind=_POSITIONAL_OR_KEYWORD)]
    for member in list(cls.members.values()):
        if not isinstance(member, Attribute) or member.annotation is None:
            continue
        if "instance-attribute" not in member.labels:
            continue  # ClassVar and plain class attributes
        arguments = _field_arguments(member)
        if arguments is None:
            default: str | Expr | None = member.value
        else:
            if str(arguments.get("init", "True")) == "False":
                continue
            if "default" in arguments:
                default = arguments["default"]
            elif "factory" in arguments:
                default = f"{arguments['factory']}()"
            else:
                default = None
            member.value = default
        member.labels.discard("class-attribute")
        parameters.append(
            Parameter(
                member.name.lstrip("_"),
                annotation=member.annotation,
                kind=_POSITIONAL_OR_KEYWORD,
                default=default,
                docstring=member.docstring,
            )
        )
    cls.set_member(
        "__init__",
        Function(
            "__init__",
            lineno=cls.lineno,
            endlineno=cls.lineno,
            parent=cls,
            parameters=Parameters(*parameters),
            returns="None",
        ),
    )


def _is_public(path: str) -> bool:
    return not any(part.startswith("_") for part in path.split("."))


class PackageDocs(Extension):
    """Rebuild ``attrs`` signatures and link single-backtick names, package-wide."""

    def on_package(self, *, pkg: Module, **kwargs: Any) -> None:
        """Process every object of the package once it is fully loaded.

        Args:
            pkg: the loaded package.
            **kwargs: other hook arguments, unused.
        """
        objects = list(_walk(pkg))
        for obj in objects:
            if isinstance(obj, Class):
                _add_attrs_init(obj)
        for obj in objects:
            if obj.docstring is not None:
                obj.docstring.value = _link_names(pkg, obj, obj.docstring.value)


def _walk(obj: Object) -> Any:
    yield obj
    for member in obj.members.values():
        if not isinstance(member, Alias):
            yield from _walk(member)


def _home(pkg: Module, obj: Object) -> Module:
    """The public (sub)package whose namespace exports `obj`: ``pyramid13.spider`` for the
    objects of ``pyramid13.spider._state``, the package itself for ``pyramid13._state``."""
    module = obj if isinstance(obj, Module) else obj.module
    while module is not pkg and module.parent is not None and not _is_public(module.path):
        module = module.parent  # type: ignore[assignment]
    return module


def _namespaces(pkg: Module, obj: Object) -> list[Module]:
    """Where a docstring's names are looked up: its own public subpackage first (Spider's
    `GameState` is ``pyramid13.spider.GameState``), then the package."""
    home = _home(pkg, obj)
    return [home, pkg] if home is not pkg and home.is_subpackage else [pkg]


def _resolve(pkg: Module, obj: Object, name: str) -> str | None:
    """The public path that `name` refers to from `obj`'s docstring, or None."""
    head = name.split(".", 1)[0]
    if isinstance(obj, Function) and head in {param.name for param in obj.parameters}:
        return None  # a parameter of the documented function, not the member of that name
    scopes: list[Class] = []
    scope: Object | None = obj
    while scope is not None and not isinstance(scope, Module):
        if isinstance(scope, Class):
            scopes.append(scope)
        scope = scope.parent
    for cls in scopes:
        if head in cls.members:
            public = _public_path(pkg, cls)
            if public is not None:
                return f"{public}.{name}" if _is_public(name) else None
    module = obj if isinstance(obj, Module) else obj.module
    if module is not pkg and _is_public(module.path) and head in module.members:
        member = module.members[head]
        if not isinstance(member, Alias) and _is_public(name):
            return f"{module.path}.{name}"
    if not _is_public(name):
        return None
    for namespace in _namespaces(pkg, obj):
        head, _, rest = name.partition(".")
        if name.startswith(namespace.path + "."):
            head, _, rest = name[len(namespace.path) + 1 :].partition(".")
        if head in namespace.members and not head.startswith("_"):
            if namespace is not pkg and _same_export(namespace, pkg, head):
                continue  # documented under the package's own name (pyramid13.SolveResult)
            try:
                target = namespace.members[head]
                for part in rest.split(".") if rest else []:
                    target = target.members[part]
            except (KeyError, AttributeError, AliasResolutionError):
                continue
            return f"{namespace.path}.{head}" + (f".{rest}" if rest else "")
    return None


def _target(member: Object | Alias) -> str:
    """The path of the object `member` finally stands for (through chains of aliases)."""
    try:
        return member.final_target.path if isinstance(member, Alias) else member.path
    except (AliasResolutionError, CyclicAliasError):
        return member.path


def _same_export(namespace: Module, pkg: Module, name: str) -> bool:
    """Whether the package exports the same object as `namespace` under `name`."""
    if name not in pkg.members:
        return False
    return _target(namespace.members[name]) == _target(pkg.members[name])


def _public_path(pkg: Module, cls: Class) -> str | None:
    """Where a class of a private module is exported in its public namespace."""
    for namespace in reversed(_namespaces(pkg, cls)):  # the package's own name first
        for name, member in namespace.members.items():
            if isinstance(member, Alias) and _target(member) == cls.path:
                return f"{namespace.path}.{name}"
            if member is cls:
                return f"{namespace.path}.{name}"
    return None


def _link_names(pkg: Module, obj: Object, text: str) -> str:
    def replace(match: re.Match[str]) -> str:
        name, call = match.group(1), match.group(2) or ""
        target = _resolve(pkg, obj, name)
        if target is None:
            return match.group(0)
        return f"[`{name}{call}`][{target}]"

    return _SINGLE_BACKTICKS.sub(replace, text)
