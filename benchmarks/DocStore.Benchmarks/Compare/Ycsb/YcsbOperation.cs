namespace DocStore.Benchmarks.Compare.Ycsb;

/// <summary>YCSB's five operations.</summary>
public enum YcsbOperation
{
    Read,
    Update,
    Insert,
    Scan,
    ReadModifyWrite,
}
