using DocStore.Linq.Translation;
using DocStore.Sql.Bound;
using DocStore.Sql.Planning;

namespace DocStore.Linq.Running;

/// <summary>
/// A LINQ query's plan as text, in the words of SQL's EXPLAIN (docs/sql.md): one line of
/// <c>column: value</c> pairs (source, collection, access, index, condition, filter, sort) and a line with
/// the parameter values of this execution. A Count adds <c>count: keys</c> when the access answers the whole
/// predicate, so keys are counted without reading documents, or <c>count: documents</c>.
/// </summary>
internal static class ExplainText
{
    public static string Render(LinqPlan plan, SqlValue[] parameters)
    {
        var lines = new List<string>();
        foreach (var row in Explain.Rows(plan.Select))
        {
            var parts = new List<string>();
            for (var i = 0; i < row.Length; i++)
            {
                if (!row[i].IsNull && Explain.Columns[i] is not ("join"))
                {
                    parts.Add($"{Explain.Columns[i]}: {row[i].AsString()}");
                }
            }

            lines.Add(string.Join("; ", parts));
        }

        if (plan.Terminal is Terminal.Count or Terminal.LongCount && lines.Count > 0 && PlanDocuments.Applies(plan.Select))
        {
            var row = new RowContext(1, plan.Select.Query.ElementSlots, 0, parameters, "(LINQ query)");
            lines[0] += PlanDocuments.CountsFromKeys(plan.Select, row) ? "; count: keys" : "; count: documents";
        }

        if (plan.Parameters.Length > 0)
        {
            var values = plan.Parameters.Select((p, i) => $"{p.Name} = {Literal(parameters[i])}");
            lines.Add("parameters: " + string.Join(", ", values));
        }

        return string.Join(Environment.NewLine, lines);
    }

    /// <summary>A value as EXPLAIN writes it: a quoted string, NULL, TRUE or FALSE, a number.</summary>
    public static string Literal(in SqlValue value) => value.Kind switch
    {
        SqlKind.Null => "NULL",
        SqlKind.Text => $"'{value.AsString().Replace("'", "''", StringComparison.Ordinal)}'",
        SqlKind.Boolean => value.Integer != 0 ? "TRUE" : "FALSE",
        SqlKind.Integer or SqlKind.Double or SqlKind.Decimal => value.ToString(),
        _ => BsonValues.ToBson(value).ToString() ?? value.Kind.ToString(),
    };
}
