namespace DocStore.Cli.Sql;

/// <summary>How query results print: an aligned table, a JSON array of row objects (relaxed Extended JSON, with dates, times, Guids and decimals as text), CSV, or one `name = value` line per column.</summary>
internal enum OutputMode
{
    Table,
    Json,
    Csv,
    Line,
}
