namespace DocStore.Linq.Translation;

/// <summary>What a query's caller asks of its rows: all of them, or one of the single-result operators.</summary>
internal enum Terminal
{
    Sequence,
    First,
    FirstOrDefault,
    Single,
    SingleOrDefault,
    Count,
    LongCount,
    Any,
}
