namespace DocStore.Benchmarks.Compare.Workloads;

/// <summary>The list-returning queries of <see cref="QueryWorkload"/>.</summary>
public enum QueryKind
{
    /// <summary>Score below 20: about 20% of the people, through no index.</summary>
    ScoreBelow,

    /// <summary>An age range matching about 1,000 people, through the Age index.</summary>
    AgeRange,

    /// <summary>Equality on the nested path Address.City, through its path index.</summary>
    City,

    /// <summary>People whose Tags array contains a tag, through the multikey index.</summary>
    Tag,
}
