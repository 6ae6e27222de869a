using DocStore.Sql.Ast;
using DocStore.Sql.Bound;
using DocStore.Sql.Bound.Dates;
using DocStore.Sql.Execution;

namespace DocStore.Sql.Binding;

internal sealed partial class Binder
{
    /// <summary>A date function, with its literal modifiers parsed and its literal format checked here, so a bad one points at itself.</summary>
    private DateFunctionExpr BindDateFunction(FunctionCall call, string name, BoundExpr[] arguments, string text)
    {
        if (name == "STRFTIME" && arguments[0] is LiteralExpr { Value.Kind: SqlKind.Text } format
            && DateFormat.UnknownSpecifier(format.Value.AsString()) is { } unknown)
        {
            throw SqlErrors.NotSupported(_sql, call.Arguments[0].Span, DateFunctionExpr.UnknownSpecifierMessage(unknown, text));
        }

        var first = DateFunctionExpr.FirstModifier(name);
        var modifiers = new DateModifier?[Math.Max(0, arguments.Length - first)];
        for (var i = first; i < arguments.Length; i++)
        {
            if (arguments[i] is LiteralExpr { Value.Kind: SqlKind.Text } literal)
            {
                modifiers[i - first] = DateModifier.Parse(literal.Value.AsString(), out var error)
                    ?? throw SqlErrors.NotSupported(_sql, call.Arguments[i].Span, error!);
            }
        }

        return new DateFunctionExpr(name, arguments, modifiers) { Text = text };
    }
}
