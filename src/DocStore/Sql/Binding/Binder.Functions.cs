using DocStore.Sql.Ast;
using DocStore.Sql.Bound;
using DocStore.Sql.Bound.Functions;

namespace DocStore.Sql.Binding;

// SQLite's core functions beyond FunctionExpr's: iif, the ScalarFunctions table, and the argument rules of
// the aggregates TOTAL, GROUP_CONCAT and STRING_AGG.
internal sealed partial class Binder
{
    private static IEnumerable<string> CoreFunctionNames => ScalarFunctions.All.Keys.Append("IIF").Append("SUBSTRING");

    /// <summary>The name a function goes by here: SUBSTRING is SQLite's other name for SUBSTR.</summary>
    private static string CanonicalName(string upperName) => upperName == "SUBSTRING" ? "SUBSTR" : upperName;

    /// <summary>A call of iif or of a <see cref="ScalarFunctions"/> function; null for other names.</summary>
    private BoundExpr? BindCoreFunction(FunctionCall call, string name, string text)
    {
        var iif = name == "IIF";
        ScalarFunctions.Definition? function = null;
        if (!iif && !ScalarFunctions.All.TryGetValue(name, out function))
        {
            return null;
        }

        var (min, max) = iif ? (2, 3) : (function!.Min, function.Max);
        if (call.Star || call.Distinct || call.Arguments.Length < min || call.Arguments.Length > max)
        {
            var expected = max == int.MaxValue ? $"at least {min}" : min == max ? $"{min}" : $"{min} to {max}";
            throw SqlErrors.NotSupported(_sql, call.Span, $"{name} takes {expected} argument(s)");
        }

        BoundExpr[] arguments = [.. call.Arguments.Select(BindExpression)];

        // iif(c, a, b) is CASE WHEN c THEN a ELSE b END: only the chosen branch is evaluated.
        return iif
            ? new CaseExpr(null, [arguments[0]], [arguments[1]], arguments.Length > 2 ? arguments[2] : null) { Text = text }
            : new ScalarCallExpr(name, function!, arguments) { Text = text };
    }

    /// <summary>One argument, except GROUP_CONCAT's optional and STRING_AGG's required separator; DISTINCT only with one.</summary>
    private void CheckAggregateArguments(FunctionCall call, string name)
    {
        if (call.Star)
        {
            return;
        }

        var count = call.Arguments.Length;
        var fits = name switch
        {
            "GROUP_CONCAT" => count is 1 or 2,
            "STRING_AGG" => count == 2,
            _ => count == 1,
        };
        if (!fits)
        {
            throw SqlErrors.NotSupported(_sql, call.Span, name switch
            {
                "GROUP_CONCAT" => "GROUP_CONCAT takes one or two arguments (the value and a separator)",
                "STRING_AGG" => "STRING_AGG takes two arguments (the value and a separator)",
                _ => $"{name} takes one argument",
            });
        }

        if (call.Distinct && count > 1)
        {
            throw SqlErrors.NotSupported(_sql, call.Span, $"{name}(DISTINCT ...) takes exactly one argument");
        }
    }
}
