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
* Private names: a reader must never meet a name they cannot import. A class whose bases
  are private (``GameState(_StateSlots, StateScaffold[Move, RuleSet, Layout])``) shows
  only its public bases, and the members it inherits from the private ones become its
  own, with the private base's type variables replaced by the class's arguments (Spider's
  ``GameState.rules`` is a ``spider.RuleSet``, not ``RulesT``). In signatures, a private
  type alias is written out (``Difficulty`` is ``Literal['easy', 'medium', 'hard']``), a
  private class in a union is left out (`GAME_DEFAULT`'s own type, the move line an
  observation may hold), a private protocol is shown as the public one it stands for
  (`_SHOWN_AS`), and a value or default that names a private object is shown as the
  value itself, read from the imported package (``ACTION_COUNT: int = 102``, not
  ``SPACE.count``), or left out when it is no literal (a value computed in ``__init__``).
"""

from __future__ import annotations

import ast
import dataclasses
import importlib
import inspect
import re
from typing import Any, cast

from griffe import (
    Alias,
    AliasResolutionError,
    Attribute,
    Class,
    CyclicAliasError,
    Docstring,
    Expr,
    ExprAttribute,
    ExprBinOp,
    ExprCall,
    ExprKeyword,
    ExprName,
    ExprSubscript,
    ExprTuple,
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
_GENERIC = {"typing.Generic", "typing.Protocol", "typing_extensions.Protocol", "builtins.object"}
#: Private protocols of signatures, by the public protocol each stands for (a read-only,
#: covariant view of a state of any game is a `State` to the reader).
_SHOWN_AS = {"pyramid13._generic._Position": ("pyramid13._base.protocol", "State")}
#: Calls whose first argument is the value the reader needs (a shipped scoring policy's
#: ``name = constant("microsoft")``: a read-only property that is always that value).
_CONSTANT_CALLS = {"pyramid13._base.scoring.constant"}
_FACTORY_CALLS = {"attrs.Factory", "attr.Factory"}
#: Descriptors that make a writable, checked attribute: ``node_limit = Limit[int | None]
#: ("docstring")`` reads and writes as a property of the type argument, so it is shown as
#: one, with the argument as its docstring.
_PROPERTY_CALLS = {"pyramid13._base.solving.Limit"}
_LONGEST_VALUE = 60


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


def _show_property(attribute: Attribute) -> None:
    """An attribute made by one of `_PROPERTY_CALLS`, shown as the property it acts as."""
    value = attribute.value
    if not (
        isinstance(value, ExprCall)
        and isinstance(value.function, ExprSubscript)
        and value.function.canonical_path in _PROPERTY_CALLS
        and len(value.arguments) == 1
    ):
        return
    parent = attribute.parent
    template = parent.docstring if parent is not None else None
    attribute.annotation = value.function.slice
    attribute.value = None
    attribute.labels -= {"class-attribute", "instance-attribute"}
    attribute.labels |= {"property", "writable"}
    attribute.docstring = Docstring(
        ast.literal_eval(str(value.arguments[0])),
        lineno=attribute.lineno,
        endlineno=attribute.endlineno,
        parent=attribute,
        parser=template.parser if template is not None else None,
        parser_options=template.parser_options if template is not None else None,
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
            if isinstance(obj, Attribute):
                _show_property(obj)
        for obj in objects:
            if isinstance(obj, Class):
                _add_attrs_init(obj)
        public = _public_targets(pkg)
        for obj in objects:
            if isinstance(obj, Class):
                _own_private_bases(obj, public)
        objects = list(_walk(pkg))  # with the members taken over from private bases
        for obj in objects:
            _show_public_names(obj, public)
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


# -- private names out of the signatures ---------------------------------------------------


def _public_targets(pkg: Module) -> set[str]:
    """The paths of every object a public module exports (followed through aliases): what
    a reader can import, and what a signature may name."""
    found: set[str] = set()
    for module in _walk(pkg):
        if not isinstance(module, Module) or not _is_public(module.path):
            continue
        for name in module.exports or [member for member in module.members if member[0] != "_"]:
            member = module.members.get(str(name))
            if member is not None:
                found.add(_target(member))
                found.add(f"{module.path}.{name}")
    return found


def _is_shown(path: str, public: set[str]) -> bool:
    """Whether a reader may meet the object at `path` in a signature: it is exported, or
    lives outside the package's private modules (``builtins.int``, ``typing.Literal``), or
    is a member of an exported class (``DealShape.BICYCLE``)."""
    if _is_public(path) or not path.startswith("pyramid13."):
        return True
    parts = path.split(".")
    for end in range(len(parts), 1, -1):
        if ".".join(parts[:end]) in public:
            return not any(part.startswith("_") for part in parts[end:])
    return False


def _resolve_class(obj: Object, path: str) -> Class | None:
    try:
        found = obj.modules_collection[path]
    except (KeyError, AliasResolutionError, CyclicAliasError):
        return None
    if isinstance(found, Alias):
        try:
            found = found.final_target
        except (AliasResolutionError, CyclicAliasError):
            return None
    return found if isinstance(found, Class) else None


def _base_path(base: str | Expr) -> str:
    if isinstance(base, Expr):
        return base.canonical_path
    return base


def _type_parameters(cls: Class) -> list[str]:
    """The paths of the type variables a generic class declares (``Generic[A, B]``)."""
    for base in cls.bases:
        if isinstance(base, ExprSubscript) and _base_path(base) in _GENERIC:
            elements = base.slice.elements if isinstance(base.slice, ExprTuple) else [base.slice]
            return [_base_path(element) for element in elements]
    return []


def _own_private_bases(cls: Class, public: set[str]) -> None:
    """Take over what `cls` inherits from its private bases (its type variables replaced by
    the arguments `cls` gives them), then show only its public bases."""
    private = [base for base in cls.bases if not _is_shown(_base_path(base), public)]
    if not private:
        return
    mapping: dict[str, str | Expr] = {}
    for base in private:
        if isinstance(base, ExprSubscript):
            target = _resolve_class(cls, _base_path(base))
            arguments = base.slice.elements if isinstance(base.slice, ExprTuple) else [base.slice]
            if target is not None:
                mapping.update(zip(_type_parameters(target), arguments, strict=False))
    inherited = dict(cls.inherited_members)
    for name, alias in inherited.items():
        try:
            member = alias.final_target
        except (AliasResolutionError, CyclicAliasError):  # pragma: no cover
            continue
        owner = member.parent
        if isinstance(owner, Class) and not _is_shown(owner.path, public):
            cls.set_member(name, _copy_member(member, cls, mapping))
    cls.bases = [base for base in cls.bases if base not in private]


def _substitute(expr: str | Expr | None, mapping: dict[str, str | Expr]) -> Any:
    """`expr` with the names that `mapping` holds (by canonical path) replaced."""
    if not mapping or not isinstance(expr, Expr):
        return expr
    if isinstance(expr, ExprName):
        return mapping.get(expr.canonical_path, expr)
    return _rebuild(expr, lambda part: _substitute(part, mapping))


def _rebuild(expr: Expr, change: Any) -> Expr:
    """A copy of the expression `expr` with `change` applied to each of its parts."""
    values = {}
    for field in dataclasses.fields(expr):
        value = getattr(expr, field.name)
        if field.name == "parent":
            values[field.name] = value
        elif isinstance(value, list):
            values[field.name] = [
                change(item) if isinstance(item, Expr) else item for item in value
            ]
        elif isinstance(value, Expr):
            values[field.name] = change(value)
        else:
            values[field.name] = value
    return type(expr)(**values)


def _copy_docstring(docstring: Docstring | None, parent: Object) -> Docstring | None:
    if docstring is None:
        return None
    return Docstring(
        docstring.value,
        lineno=docstring.lineno,
        endlineno=docstring.endlineno,
        parent=parent,
        parser=docstring.parser,
        parser_options=docstring.parser_options,
    )


def _copy_member(member: Object, cls: Class, mapping: dict[str, str | Expr]) -> Object:
    """`member` of a private base, as a member of `cls`, its type variables replaced."""
    copy: Object
    if isinstance(member, Function):
        parameters = Parameters(
            *(
                Parameter(
                    parameter.name,
                    annotation=_substitute(parameter.annotation, mapping),
                    kind=parameter.kind,
                    default=parameter.default,
                    docstring=parameter.docstring,
                )
                for parameter in member.parameters
            )
        )
        copy = Function(
            member.name,
            lineno=member.lineno,
            endlineno=member.endlineno,
            parameters=parameters,
            returns=_substitute(member.returns, mapping),
            decorators=member.decorators,
            parent=cls,
        )
    elif isinstance(member, Attribute):
        copy = Attribute(
            member.name,
            lineno=member.lineno,
            endlineno=member.endlineno,
            value=_substitute(member.value, mapping),
            annotation=_substitute(member.annotation, mapping),
            parent=cls,
        )
    else:  # a nested class: shown as it is
        return member
    copy.labels |= member.labels
    copy.docstring = _copy_docstring(member.docstring, copy)
    return copy


def _show_public_names(obj: Object, public: set[str]) -> None:
    """Rewrite `obj`'s signature so that it names only what a reader can import."""
    if isinstance(obj, Function):
        for parameter in obj.parameters:
            parameter.annotation = _public_annotation(parameter.annotation, public)
            parameter.default = _public_default(obj, parameter, public)
        obj.returns = _public_annotation(obj.returns, public)
    elif isinstance(obj, Attribute):
        obj.annotation = _public_annotation(obj.annotation, public)
        obj.value = _public_value(obj, public)


def _names(expr: str | Expr | None) -> list[ExprName]:
    """Every name in `expr`, however deep (a dict's values, a call's arguments)."""
    if isinstance(expr, ExprName):
        return [expr]
    if not isinstance(expr, Expr):
        return []
    return [name for part in expr.iterate(flat=False) if part is not expr for name in _names(part)]


def _private_in(expr: str | Expr | None, public: set[str]) -> bool:
    return any(not _is_shown(name.canonical_path, public) for name in _names(expr))


def _union(expr: str | Expr) -> list[str | Expr]:
    """The members of a union written with ``|``, left to right."""
    if isinstance(expr, ExprBinOp) and expr.operator == "|":
        return [*_union(expr.left), *_union(expr.right)]
    return [expr]


def _hidden_class(member: str | Expr, public: set[str]) -> bool:
    """Whether `member` of a union names a private class a reader never builds (the type
    of `GAME_DEFAULT`, the move line an observation may hold), to be left out."""
    if not isinstance(member, ExprName) or not isinstance(member.parent, Object):
        return False
    path = member.canonical_path
    if _is_shown(path, public) or path in _SHOWN_AS:
        return False
    return _resolve_class(member.parent, path) is not None


def _public_annotation(expr: str | Expr | None, public: set[str]) -> Any:
    if not isinstance(expr, Expr):
        return expr
    if isinstance(expr, ExprBinOp) and expr.operator == "|":
        kept = [member for member in _union(expr) if not _hidden_class(member, public)]
        shown = [_public_annotation(member, public) for member in kept]
        joined = shown[0]
        for member in shown[1:]:
            joined = ExprBinOp(joined, "|", member)
        return joined
    if isinstance(expr, ExprName):
        path = expr.canonical_path
        if path in _SHOWN_AS and isinstance(expr.parent, Object):
            module, name = _SHOWN_AS[path]
            return ExprName(name, parent=expr.parent.modules_collection[module])
        if not _is_shown(path, public) and isinstance(expr.parent, Object):
            alias = _alias_value(expr.parent, path)
            if alias is not None:
                return _public_annotation(alias, public)
        return expr
    return _rebuild(expr, lambda part: _public_annotation(part, public))


def _alias_value(obj: Object, path: str) -> Expr | None:
    """The value of the private type alias at `path` (``Literal[...]``), or None."""
    try:
        found = obj.modules_collection[path]
    except (KeyError, AliasResolutionError, CyclicAliasError):
        return None
    if isinstance(found, Alias):
        return None
    if isinstance(found, Attribute) and isinstance(found.value, ExprSubscript):
        return found.value
    return None


def _literal(value: object) -> str | None:
    """`value` written as a Python literal, or None when it is none (or too long)."""
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, int):
        return f"{value:_}" if abs(value) >= 10_000 else str(value)
    text = repr(value)
    try:
        ast.literal_eval(text)
    except (ValueError, SyntaxError):
        return None
    return text if len(text) <= _LONGEST_VALUE else None


def _readable(text: str | Expr | None) -> Any:
    """A literal int written with underscores past 9,999 (``3_000_000``), as it is read."""
    if isinstance(text, str) and re.fullmatch(r"-?\d+", text):
        return _literal(int(text))
    return text


def _runtime(path: str) -> tuple[bool, object]:
    """The object at `path`, imported: ``(True, value)``, or ``(False, None)``."""
    parts = path.split(".")
    for split in range(len(parts) - 1, 0, -1):
        try:
            value: object = importlib.import_module(".".join(parts[:split]))
        except ImportError:
            continue
        try:
            for part in parts[split:]:
                value = inspect.getattr_static(value, part)
        except AttributeError:
            return False, None
        return True, value
    return False, None


def _public_value(attribute: Attribute, public: set[str]) -> Any:
    value = attribute.value
    if not isinstance(value, Expr):
        return _readable(value)
    if isinstance(value, ExprCall) and value.function.canonical_path in _CONSTANT_CALLS:
        return value.arguments[0] if value.arguments else None
    if isinstance(value, ExprCall) and value.function.canonical_path in _FACTORY_CALLS:
        return "..."  # computed per instance: the docstring says how
    parent = attribute.parent
    instance = "instance-attribute" in attribute.labels
    if isinstance(parent, Class) and instance and not _is_attrs_class(parent):
        return None  # set in __init__ from its arguments
    if not _private_in(value, public) and not any(name.name == "self" for name in _names(value)):
        return value
    found, runtime = _runtime(attribute.path)
    return _literal(runtime) if found else None


def _public_default(function: Function, parameter: Parameter, public: set[str]) -> Any:
    default = parameter.default
    if isinstance(default, ExprCall) and default.function.canonical_path in _FACTORY_CALLS:
        return "..."  # computed per instance: the docstring says how
    if not isinstance(default, Expr):
        return _readable(default)
    if not isinstance(default, (ExprName, ExprAttribute)) and not _private_in(default, public):
        return default
    target = function.parent if function.name == "__init__" else function
    if target is None:
        return default
    found, runtime = _runtime(target.path)
    if not found:
        return default
    try:
        signature = inspect.signature(runtime)  # type: ignore[arg-type]
        value = signature.parameters[parameter.name].default
    except (TypeError, ValueError, KeyError):
        return default
    if isinstance(value, (int, float, str)) and not isinstance(value, bool):
        literal = _literal(value)
        if literal is not None:
            return literal
    return "..." if _private_in(default, public) else default  # a default, no literal
