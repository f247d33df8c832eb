import { ProduceReceipt, reportProduce, withProduceReceipt } from './produce-receipt';

describe(ProduceReceipt.name, () => {
  describe('reportProduce', () => {
    it('should mark the receipt of the send that started the produce, after an async hop', async () => {
      const sut = new ProduceReceipt();
      const produce = withProduceReceipt(sut, () => Promise.resolve().then(() => reportProduce(Promise.resolve('acked'))));
      await produce;
      expect(sut.state).toBe('produced');
    });

    it('should mark a failed produce as failed and leave other receipts pending', async () => {
      const sut = new ProduceReceipt();
      const other = new ProduceReceipt();
      await withProduceReceipt(sut, () => reportProduce(Promise.reject(new Error('broker down'))).catch(() => undefined));
      await withProduceReceipt(other, () => Promise.resolve());
      expect([sut.state, sut.produced, other.state]).toEqual(['failed', false, 'pending']);
    });
  });
});
