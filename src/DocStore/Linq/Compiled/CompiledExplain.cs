using System.Globalization;

namespace DocStore.Linq.Compiled;

/// <summary>
/// A compiled plan as text: the columns of SQL's EXPLAIN that the runtime path's Explain() prints
/// (source, collection, access, index, condition, sort), <c>plan: compiled</c>, and the parameter values.
/// </summary>
internal static class CompiledExplain
{
    public static string Render(string collection, string index, string access, string condition, string sort, string[] names, object?[] values)
    {
        var plan = $"source: {collection}; collection: {collection}; access: {access}; index: {index}; condition: {condition}; sort: {sort}; plan: compiled";
        if (names.Length == 0)
        {
            return plan;
        }

        var shown = names.Select((name, i) => $"@{name} = {Show(i < values.Length ? values[i] : null)}");
        return plan + Environment.NewLine + "parameters: " + string.Join(", ", shown);
    }

    private static string Show(object? value) => value switch
    {
        null => "NULL",
        string text => $"'{text.Replace("'", "''", StringComparison.Ordinal)}'",
        bool flag => flag ? "TRUE" : "FALSE",
        IFormattable formattable => formattable.ToString(null, CultureInfo.InvariantCulture),
        _ => value.ToString() ?? string.Empty,
    };
}
