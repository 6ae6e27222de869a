using System.Globalization;
using System.Text;
using System.Text.Encodings.Web;
using System.Text.Json;
using DocStore.Bson.Interop;
using DocStore.Bson.Model;

namespace DocStore.Cli.Sql;

/// <summary>Prints the results of SQL statements in one of the <see cref="OutputMode"/>s.</summary>
internal static class ResultPrinter
{
    /// <summary>Prints every result of <paramref name="rows"/> (one per statement); writes print their affected count.</summary>
    public static void Print(SqlDataRows rows, OutputMode mode, TextWriter output)
    {
        do
        {
            if (rows.FieldCount == 0)
            {
                if (rows.RecordsAffected >= 0)
                {
                    output.WriteLine($"{rows.RecordsAffected} row(s) affected");
                }

                continue;
            }

            var names = Enumerable.Range(0, rows.FieldCount).Select(rows.GetName).ToArray();
            var values = new List<BsonValue[]>();
            while (rows.Read())
            {
                values.Add([.. Enumerable.Range(0, names.Length).Select(rows.GetValue)]);
            }

            switch (mode)
            {
                case OutputMode.Json: Json(names, values, output); break;
                case OutputMode.Csv: Csv(names, values, output); break;
                case OutputMode.Line: Lines(names, values, output); break;
                default: Table(names, values, output); break;
            }
        }
        while (rows.NextResult());
    }

    /// <summary>A value as text: strings as they are, numbers invariant, NULL empty, documents and the rest as relaxed Extended JSON.</summary>
    public static string Text(BsonValue value) => value switch
    {
        BsonNull => "",
        BsonString s => s.Value,
        BsonInt32 i => i.Value.ToString(CultureInfo.InvariantCulture),
        BsonInt64 l => l.Value.ToString(CultureInfo.InvariantCulture),
        BsonDouble d => d.Value.ToString("R", CultureInfo.InvariantCulture),
        BsonBoolean b => b.Value ? "true" : "false",
        BsonObjectId o => o.Value.ToString(),
        _ => ExtendedJson.ToJson(value, ExtendedJsonMode.Relaxed),
    };

    private static void Table(string[] names, List<BsonValue[]> rows, TextWriter output)
    {
        var cells = rows.Select(r => r.Select(v => v is BsonNull ? "NULL" : Text(v).ReplaceLineEndings(" ")).ToArray()).ToList();
        var widths = names.Select((n, i) => Math.Min(60, cells.Select(c => c[i].Length).Append(n.Length).Max())).ToArray();
        output.WriteLine(string.Join(" | ", names.Select((n, i) => n.PadRight(widths[i]))).TrimEnd());
        output.WriteLine(string.Join("-+-", widths.Select(w => new string('-', w))));
        foreach (var row in cells)
        {
            output.WriteLine(string.Join(" | ", row.Select((c, i) => (c.Length > widths[i] ? c[..(widths[i] - 1)] + "…" : c).PadRight(widths[i]))).TrimEnd());
        }

        output.WriteLine($"({rows.Count} row{(rows.Count == 1 ? "" : "s")})");
    }

    private static void Json(string[] names, List<BsonValue[]> rows, TextWriter output)
    {
        using var buffer = new MemoryStream();
        using (var writer = new Utf8JsonWriter(buffer, new JsonWriterOptions { Indented = true, Encoder = JavaScriptEncoder.UnsafeRelaxedJsonEscaping }))
        {
            writer.WriteStartArray();
            foreach (var row in rows)
            {
                var document = new BsonDocument();
                for (var i = 0; i < names.Length; i++)
                {
                    document[names[i]] = row[i];
                }

                ExtendedJson.Write(writer, document, ExtendedJsonMode.Relaxed);
            }

            writer.WriteEndArray();
        }

        output.WriteLine(Encoding.UTF8.GetString(buffer.ToArray()));
    }

    private static void Csv(string[] names, List<BsonValue[]> rows, TextWriter output)
    {
        output.WriteLine(string.Join(",", names.Select(Quote)));
        foreach (var row in rows)
        {
            output.WriteLine(string.Join(",", row.Select(v => Quote(Text(v)))));
        }
    }

    private static void Lines(string[] names, List<BsonValue[]> rows, TextWriter output)
    {
        var width = names.Max(n => n.Length);
        for (var r = 0; r < rows.Count; r++)
        {
            if (r > 0)
            {
                output.WriteLine();
            }

            for (var i = 0; i < names.Length; i++)
            {
                output.WriteLine($"{names[i].PadLeft(width)} = {(rows[r][i] is BsonNull ? "NULL" : Text(rows[r][i]))}");
            }
        }
    }

    private static string Quote(string text) =>
        text.AsSpan().IndexOfAny(",\"\r\n") < 0 ? text : "\"" + text.Replace("\"", "\"\"", StringComparison.Ordinal) + "\"";
}
