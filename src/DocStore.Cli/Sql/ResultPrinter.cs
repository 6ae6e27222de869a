using System.Globalization;
using System.Text;
using System.Text.Encodings.Web;
using System.Text.Json;
using DocStore.Bson.Interop;
using DocStore.Bson.Model;
using DocStore.Cli.Hosting;

namespace DocStore.Cli.Sql;

/// <summary>Prints the results of SQL statements in one of the <see cref="OutputMode"/>s.</summary>
internal static class ResultPrinter
{
    /// <summary>Prints every result of <paramref name="rows"/> (one per statement); writes print their affected count.</summary>
    /// <param name="rows">The results.</param>
    /// <param name="mode">How to print them.</param>
    /// <param name="output">Where to.</param>
    /// <param name="width">The terminal's width, which tables wrap their cells to; null when the output is not a terminal.</param>
    public static void Print(SqlDataRows rows, OutputMode mode, TextWriter output, int? width = null)
    {
        do
        {
            if (rows.FieldCount == 0)
            {
                if (rows.RecordsAffected >= 0)
                {
                    output.WriteLine($"{Counts.Of(rows.RecordsAffected, "row")} affected");
                }

                continue;
            }

            var result = ResultSet.Read(rows);
            switch (mode)
            {
                case OutputMode.Json: Json(result, output); break;
                case OutputMode.Csv: Csv(result.Names, result.Rows, output); break;
                case OutputMode.Line: Lines(result.Names, result.Rows, output); break;
                default: Table(result.Names, result.Rows, output, width); break;
            }
        }
        while (rows.NextResult());
    }

    /// <summary>
    /// A value as text: strings as they are, numbers invariant, NULL empty, .NET values (dates, times, Guids,
    /// decimals) as <see cref="DotNetValues"/> writes them, documents and the rest as relaxed Extended JSON
    /// with the .NET values inside them as text too.
    /// </summary>
    public static string Text(BsonValue value) => value switch
    {
        _ when DotNetValues.TryFormat(value, out var text) => text,
        BsonNull => "",
        BsonString s => s.Value,
        BsonInt32 i => i.Value.ToString(CultureInfo.InvariantCulture),
        BsonInt64 l => l.Value.ToString(CultureInfo.InvariantCulture),
        BsonDouble d => d.Value.ToString("R", CultureInfo.InvariantCulture),
        BsonBoolean b => b.Value ? "true" : "false",
        BsonObjectId o => o.Value.ToString(),
        _ => ExtendedJson.ToJson(DotNetValues.ToText(value), ExtendedJsonMode.Relaxed),
    };

    private static void Table(string[] names, List<BsonValue?[]> rows, TextWriter output, int? width)
    {
        if (names.Length > 0)
        {
            TableRenderer.Write(names, rows.Select(r => r.Select(v => Cell(v).ReplaceLineEndings(" ")).ToArray()), output, width);
        }

        output.WriteLine($"({Counts.Of(rows.Count, "row")})");
    }

    // A missing field prints as nothing; a stored NULL as NULL.
    private static string Cell(BsonValue? value) => value switch
    {
        null => "",
        BsonNull => "NULL",
        _ => Text(value),
    };

    private static void Json(ResultSet result, TextWriter output)
    {
        using var buffer = new MemoryStream();
        using (var writer = new Utf8JsonWriter(buffer, new JsonWriterOptions { Indented = true, Encoder = JavaScriptEncoder.UnsafeRelaxedJsonEscaping }))
        {
            writer.WriteStartArray();
            // SELECT * prints the stored documents themselves; other statements an object per row.
            foreach (var document in result.Documents ?? result.Rows.Select(row => RowDocument(result.Names, row)))
            {
                ExtendedJson.Write(writer, DotNetValues.ToText(document), ExtendedJsonMode.Relaxed);
            }

            writer.WriteEndArray();
        }

        output.WriteLine(Encoding.UTF8.GetString(buffer.ToArray()));
    }

    private static BsonDocument RowDocument(string[] names, BsonValue?[] row)
    {
        var document = new BsonDocument();
        for (var i = 0; i < names.Length; i++)
        {
            document[names[i]] = row[i] ?? BsonNull.Value;
        }

        return document;
    }

    private static void Csv(string[] names, List<BsonValue?[]> rows, TextWriter output)
    {
        output.WriteLine(string.Join(",", names.Select(Quote)));
        foreach (var row in rows)
        {
            output.WriteLine(string.Join(",", row.Select(v => Quote(v is null ? "" : Text(v)))));
        }
    }

    private static void Lines(string[] names, List<BsonValue?[]> rows, TextWriter output)
    {
        var width = names.Select(n => n.Length).DefaultIfEmpty(0).Max();
        for (var r = 0; r < rows.Count; r++)
        {
            if (r > 0)
            {
                output.WriteLine();
            }

            for (var i = 0; i < names.Length; i++)
            {
                // A field this document lacks has no line, as in the document itself.
                if (rows[r][i] is { } value)
                {
                    output.WriteLine($"{names[i].PadLeft(width)} = {Cell(value)}");
                }
            }
        }
    }

    private static string Quote(string text) =>
        text.AsSpan().IndexOfAny(",\"\r\n") < 0 ? text : "\"" + text.Replace("\"", "\"\"", StringComparison.Ordinal) + "\"";
}
